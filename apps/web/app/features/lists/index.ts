/** The public entry of lists for other features: what they may render or call in the browser. */
export { AddToListButton } from './add-to-list';
export { FavouriteButton } from './favourite-button';
export { useShopperFeatures } from './shopper-features-context';
