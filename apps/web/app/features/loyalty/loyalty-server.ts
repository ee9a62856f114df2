import { data } from 'react-router';
import { failureCodeOf, failureMessageOf, type StorefrontServices } from '@despensa/contracts';
import { assertSameOrigin, requireSession } from '../account/server';
import { orderFormIdFromCookie } from '../cart/server';
import { orLogOutHome } from '../lists/server';

export type LoyaltyActionResult = { ok: true; message: string } | { ok: false; error: string };

/** A shopper who does not see loyalty (§6, §9: featureDisabled) finds no page, as an unknown path. */
async function seen<T>(services: StorefrontServices, request: Request, call: () => Promise<T>): Promise<T> {
  try {
    return await orLogOutHome(services, request, call);
  } catch (error) {
    if (failureCodeOf(error) === 'featureDisabled') throw data(null, { status: 404 });
    throw error;
  }
}

/** /mi-cupon, /micupon and /descuentos-mas-puntos: the points and the coupons offered and activated. */
export async function loyaltyLoader(services: StorefrontServices, request: Request) {
  const token = await requireSession(services, request);
  return seen(services, request, () => services.loyalty.account(token));
}

/** 'Activar': the points are spent and the coupon applied to the shopper's cart at once. */
export async function loyaltyAction(services: StorefrontServices, request: Request) {
  assertSameOrigin(request);
  const token = await requireSession(services, request);
  const form = await request.formData();
  const orderFormId = orderFormIdFromCookie(request.headers.get('cookie')) ?? undefined;
  try {
    const { coupon } = await seen(services, request, () =>
      services.loyalty.activate(token, String(form.get('rewardId') ?? ''), orderFormId),
    );
    return {
      ok: true,
      message: `Activaste tu cupón ${coupon.code}${orderFormId ? ': ya está en tu carro' : ''}.`,
    } satisfies LoyaltyActionResult;
  } catch (error) {
    const code = failureCodeOf(error);
    if (error instanceof Response || !code || code === 'internal') throw error;
    return data<LoyaltyActionResult>({ ok: false, error: failureMessageOf(error) }, { status: 400 });
  }
}
