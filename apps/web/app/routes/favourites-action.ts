import { data, redirect } from 'react-router';
import { failureCodeOf, failureMessageOf } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { sessionTokenOf } from '../lib/session-token';
import { orLogOutHome, requireFeature } from '../features/lists/features-server';
import { FAVOURITES_PATH } from '../features/lists/paths';
import type { Route } from './+types/favourites-action';

export function loader() {
  return redirect(FAVOURITES_PATH);
}

/** POST skuId and favourite (true/false): the heart of a card or product page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  await requireFeature(services, 'favourites');
  assertSameOrigin(request);
  const form = await request.formData();
  const skuId = String(form.get('skuId') ?? '');
  if (!/^\d{1,12}$/.test(skuId))
    return data({ ok: false, error: failureMessageOf({ code: 'productNotFound' }) }, { status: 400 });
  try {
    const skuIds = await orLogOutHome(services, request, () =>
      services.shopperLists.setFavourite(sessionTokenOf(request), skuId, form.get('favourite') === 'true'),
    );
    return { ok: true, skuIds };
  } catch (error) {
    // A sku the shop does not have, or a heart already taken off (another tab).
    if (failureCodeOf(error) !== 'productNotFound' && failureCodeOf(error) !== 'notFound') throw error;
    return data({ ok: false, error: failureMessageOf(error) }, { status: 404 });
  }
}
