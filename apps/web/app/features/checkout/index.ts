/** The public entry of checkout for other features: what they may render or call in the browser. */
export { CHECKOUT_PATH } from './steps';
