/** The public entry of catalog for other features: what they may render or call in the browser. */
export { AddToCartButton } from './add-to-cart-button';
export { ProductGrid } from './listing/product-grid';
export { ProductCardShelf } from './product-card-shelf';
export { quantityTotal, summarizeProduct } from './product-summary';
