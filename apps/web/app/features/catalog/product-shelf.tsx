import type { Product } from '@despensa/contracts';
import { ProductCardShelf } from './product-card-shelf';
import { summarizeProduct } from './product-summary';

/** A titled row of product cards for full catalogue products (the home's shelves). */
export function ProductShelf(props: { title: string; products: Product[] }) {
  return <ProductCardShelf title={props.title} products={props.products.map(summarizeProduct)} />;
}
