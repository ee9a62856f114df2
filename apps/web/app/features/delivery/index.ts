/** The public entry of delivery for other features: what they may render or call in the browser. */
export { choiceSummary } from './choice';
export { useDelivery, useDeliveryOptional, useLostProductsOpen } from './delivery-context';
export { HEIGHT, WIDTH, mapFrame } from './store-map';
export { clockTime, windowFee, windowHours, windowLine, windowsByDay } from './window-label';
