import { memo } from 'react';
import { formatCLP, isWeighed } from '@despensa/domain';
import { useCart, QuantityStepper, dispatchQuickPurchase } from '../cart';
import { AddToCartButton } from './add-to-cart-button';
import { productPriceMarkup } from './product-price';
import { productTagsMarkup } from './product-tags';
import { quantityTotal, type ProductSummary } from './product-summary';
import { ratingStarsMarkup } from './rating-stars';
import { AddToListButton, FavouriteButton, useShopperFeatures } from '../lists';
import { markup, type Markup } from '../../lib/markup';
import { shopLinkMarkup } from '../../ui/shop-link';
import { StaticMarkup } from '../../ui/static-markup';
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
  // What does not change while the card is shown is drawn as markup (a listing has 45 cards): only the
  // heart, the list button and the purchase area are components.
  return (
    <article className="product-card">
      <div className="product-card__keep">
        <FavouriteButton skuId={product.skuId} productName={product.name} />
        <AddToListButton skuId={product.skuId} productName={product.name} />
      </div>
      {/* The tags lie over the picture (absolute): one piece of markup with the body, one box fewer a card. */}
      <StaticMarkup
        markup={markup`${productTagsMarkup(product.flags, product.badges)}${productCardBodyMarkup(product, { eager, priority, rating: flags.productReviews })}`}
      />
      {/* One area for 'Agregar' and the stepper that replaces it: focus comes back to it after the minicart. */}
      <div className="product-card__purchase" data-focus-return="">
        <CardPurchase product={product} />
      </div>
    </article>
  );
});

/** Picture, brand, name (the link to the product page), rating and price. */
function productCardBodyMarkup(
  product: ProductSummary,
  options: { eager: boolean; priority: boolean; rating: boolean },
): Markup {
  return markup`<img class="product-card__image" src="${product.imageUrl}" alt="" width="${CARD_IMAGE_SIZE}" height="${CARD_IMAGE_SIZE}" loading="${options.eager ? 'eager' : 'lazy'}" fetchpriority="${options.priority ? 'high' : 'auto'}" decoding="async"/><p class="product-card__brand">${product.brand}</p><h3 class="product-card__name">${shopLinkMarkup(product.link, product.name)}</h3>${
    options.rating &&
    product.rating.count > 0 &&
    ratingStarsMarkup(product.rating.average, product.rating.count)
  }${productPriceMarkup(product)}`;
}

/**
 * What a card offers to buy: 'Agotado' when out of stock; 'Agregar' until the product is in the cart, then
 * the cart's own −/+ stepper on the card (optimistic through the cart's queue; the server's answer wins).
 */
function CardPurchase({ product }: { product: ProductSummary }) {
  const { lines, stepQuantity } = useCart();
  const line = lines.find((item) => item.id === product.skuId && item.quantity > 0);
  if (line && product.inStock) {
    return (
      <div className="product-card__stepper">
        <QuantityStepper
          line={line}
          label={`Cantidad de ${line.name} en tu carro`}
          onStep={(step) => stepQuantity(line, step)}
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
    <AddToCartButton product={product} />
  );
}
