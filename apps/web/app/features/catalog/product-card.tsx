import { memo } from 'react';
import { formatCLP, isWeighed } from '@despensa/domain';
import { useCart } from '../cart/cart-context';
import { QuantityStepper } from '../cart/quantity-stepper';
import { dispatchQuickPurchase } from './add-to-cart';
import { AddToCartButton } from './add-to-cart-button';
import { ProductPrice } from './product-price';
import { ProductTags } from './product-tags';
import { quantityTotal, type ProductSummary } from './product-summary';
import { RatingStars } from './rating-stars';
import { AddToListButton } from '../lists/add-to-list';
import { FavouriteButton } from '../lists/favourite-button';
import { useShopperFeatures } from '../lists/shopper-features-context';
import { ShopLink } from '../../ui/shop-link';
import './catalog.css';

/** Product pictures are square SVGs; width and height keep their box before they load (no layout shift). */
export const CARD_IMAGE_SIZE = 200;

/**
 * `eager` for cards above the fold; `priority` for the one most likely to be the largest paint. Memoised:
 * a listing's 45 cards are not drawn again when the page around them changes (the cart's own parts
 * follow the cart through its context).
 */
export const ProductCard = memo(function ProductCard(props: {
  product: ProductSummary;
  eager?: boolean;
  priority?: boolean;
}) {
  const { product, eager = false, priority = false } = props;
  const { flags } = useShopperFeatures();
  return (
    <article className="product-card">
      <ProductTags flags={product.flags} badges={product.badges} />
      <div className="product-card__keep">
        <FavouriteButton skuId={product.skuId} productName={product.name} />
        <AddToListButton skuId={product.skuId} productName={product.name} />
      </div>
      <img
        className="product-card__image"
        src={product.imageUrl}
        alt=""
        width={CARD_IMAGE_SIZE}
        height={CARD_IMAGE_SIZE}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
      <p className="product-card__brand">{product.brand}</p>
      <h3 className="product-card__name">
        <ShopLink to={product.link}>{product.name}</ShopLink>
      </h3>
      {flags.productReviews && product.rating.count > 0 && (
        <RatingStars average={product.rating.average} count={product.rating.count} />
      )}
      <ProductPrice
        price={product.price}
        listPrice={product.listPrice}
        pricePerUnit={product.pricePerUnit}
        cardPrice={product.cardPrice}
      />
      {/* One area for 'Agregar' and the stepper that replaces it: focus comes back to it after the minicart. */}
      <div className="product-card__purchase" data-focus-return="">
        <CardPurchase product={product} />
      </div>
    </article>
  );
});

/**
 * What a card offers to buy: 'Agotado' when out of stock; 'Agregar' until the product is in the cart, then
 * the cart's own −/+ stepper on the card (optimistic through the cart's queue; the server's answer wins).
 */
function CardPurchase({ product }: { product: ProductSummary }) {
  const { lines, setQuantity } = useCart();
  const line = lines.find((item) => item.id === product.skuId && item.quantity > 0);
  if (line && product.inStock) {
    return (
      <div className="product-card__stepper">
        <QuantityStepper
          line={line}
          label={`Cantidad de ${line.name} en tu carro`}
          onChange={(quantity) => setQuantity(line, quantity)}
        />
        {isWeighed(product.measurementUnit) ? (
          // What that weight costs, as the product page and the quick-purchase drawer say it.
          <p className="product-card__estimate">
            Precio estimado <strong>{formatCLP(quantityTotal(product, line.quantity))}</strong>
          </p>
        ) : null}
      </div>
    );
  }
  return isWeighed(product.measurementUnit) && product.inStock ? (
    // Weighed items: the quick-purchase drawer asks for the weight first (§2 drawers).
    <button
      type="button"
      className="add-to-cart"
      aria-label={`Agregar ${product.name} al carro`}
      aria-haspopup="dialog"
      onClick={() => dispatchQuickPurchase(product)}
    >
      Agregar
    </button>
  ) : (
    <AddToCartButton
      productName={product.name}
      skuId={product.skuId}
      sellerId={product.sellerId}
      inStock={product.inStock}
    />
  );
}
