import { useAccount, useAccountAction } from '../account';
import { useShopperFeatures } from './shopper-features-context';
import './lists.css';

/** The heart on a card and the product page: a toggle (aria-pressed); hidden with favourites off (§9). */
export function FavouriteButton({ skuId, productName }: { skuId: string; productName: string }) {
  const { flags, isFavourite, setFavourite } = useShopperFeatures();
  const { account, openDialog } = useAccount();
  // A heart clicked before the page knows who is logged in saves what the shopper saw it ask for.
  const keep = useAccountAction((customer, favourite: boolean) =>
    customer ? setFavourite(skuId, favourite) : openDialog('login'),
  );
  if (!flags.favourites || !skuId) return null;
  const favourite = account !== null && isFavourite(skuId);
  return (
    <button
      type="button"
      className="favourite-button"
      aria-pressed={favourite}
      aria-busy={keep.waiting || undefined}
      aria-label={`Guardar ${productName} en favoritos`}
      onClick={() => keep.run(!favourite)}
    ></button>
  );
}
