/** The public entry of delivery for other features' loaders and actions (server side). */
export {
  clearedDeliveryChoiceCookie,
  deliveryChoiceFromCookie,
  salesChannelFromCookie,
} from './choice-cookie';
export { chosenWindowOf } from './delivery-server';
