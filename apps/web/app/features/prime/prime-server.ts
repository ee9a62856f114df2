import { data } from 'react-router';
import { failureCodeOf, failureMessageOf, type StorefrontServices } from '@despensa/contracts';
import { assertSameOrigin, requireSession } from '../account/server';
import { orLogOutHome, requireFeature } from '../lists/server';

export type PrimeActionResult = { ok: true; message: string } | { ok: false; error: string };

/** /mi-cuenta/prime (flag prime): the membership and the saved cards a shopper can join with. */
export async function primeLoader(services: StorefrontServices, request: Request) {
  await requireFeature(services, 'prime');
  const token = await requireSession(services, request);
  const [membership, cards] = await orLogOutHome(services, request, () =>
    Promise.all([services.prime.membership(token), services.wallet.cards(token)]),
  );
  return { membership, cards: cards.map(({ id, brand, cardLast4 }) => ({ id, brand, cardLast4 })) };
}

/** Join (the Prime dialog's card) or cancel; a refusal is told in the page. */
export async function primeAction(services: StorefrontServices, request: Request) {
  await requireFeature(services, 'prime');
  assertSameOrigin(request);
  const token = await requireSession(services, request);
  const form = await request.formData();
  try {
    if (form.get('intent') === 'cancel') {
      await orLogOutHome(services, request, () => services.prime.cancel(token));
      return {
        ok: true,
        message: 'Cancelaste Prime: sigues disfrutándolo hasta el fin de tu periodo.',
      } satisfies PrimeActionResult;
    }
    const cardId = String(form.get('cardId') ?? '');
    if (!cardId) return data<PrimeActionResult>({ ok: false, error: 'Elige una tarjeta.' }, { status: 400 });
    await orLogOutHome(services, request, () => services.prime.join(token, cardId));
    return { ok: true, message: '¡Bienvenido a Prime!' } satisfies PrimeActionResult;
  } catch (error) {
    const code = failureCodeOf(error);
    if (error instanceof Response || !code || code === 'internal') throw error;
    return data<PrimeActionResult>({ ok: false, error: failureMessageOf(error) }, { status: 400 });
  }
}
