/** The public entry of content for other features: what they may render or call in the browser. */
export { storeCardId } from './store-card';
