import { useFetcher } from 'react-router';
import { Icon } from '../../ui/icon';
import { useAccount } from '../account/account-context';
import { FAVOURITES_ACTION_PATH } from './paths';
import { useShopperFeatures } from './shopper-features';
import './lists.css';

/** The heart on a card and the product page: a toggle (aria-pressed), optimistic; hidden with favourites off (§9). */
export function FavouriteButton({ skuId, productName }: { skuId: string; productName: string }) {
  const { flags, favouriteSkuIds } = useShopperFeatures();
  const { account, openDialog } = useAccount();
  const fetcher = useFetcher();
  if (!flags.favourites || !skuId) return null;
  const pending = fetcher.formData?.get('favourite');
  const favourite =
    pending !== undefined && pending !== null ? pending === 'true' : favouriteSkuIds.includes(skuId);
  if (!account) {
    return (
      <button
        type="button"
        className="favourite-button"
        aria-pressed={false}
        aria-label={`Guardar ${productName} en favoritos`}
        onClick={() => openDialog('login')}
      >
        <Icon name="heart" size={20} />
      </button>
    );
  }
  return (
    <fetcher.Form method="post" action={FAVOURITES_ACTION_PATH} className="favourite-form">
      <input type="hidden" name="skuId" value={skuId} />
      <input type="hidden" name="favourite" value={String(!favourite)} />
      <button
        type="submit"
        className="favourite-button"
        aria-pressed={favourite}
        aria-label={`Guardar ${productName} en favoritos`}
      >
        <Icon name="heart" size={20} />
      </button>
    </fetcher.Form>
  );
}
