import { useAccount } from '../account/account-context';
import { useShopperFeatures } from './shopper-features-context';
import './lists.css';

/** The heart on a card and the product page: a toggle (aria-pressed); hidden with favourites off (§9). */
export function FavouriteButton({ skuId, productName }: { skuId: string; productName: string }) {
  const { flags, isFavourite, setFavourite } = useShopperFeatures();
  const { account, openDialog } = useAccount();
  if (!flags.favourites || !skuId) return null;
  const favourite = account !== null && isFavourite(skuId);
  return (
    <button
      type="button"
      className="favourite-button"
      aria-pressed={favourite}
      aria-label={`Guardar ${productName} en favoritos`}
      onClick={() => (account ? setFavourite(skuId, !favourite) : openDialog('login'))}
    ></button>
  );
}
