import { data, redirect, redirectDocument } from 'react-router';
import { failureCodeOf, failureMessageOf, type StorefrontServices } from '@despensa/contracts';
import { WALLET_CARD_TYPES, type WalletCardType } from '@despensa/domain';
import { assertSameOrigin, requireSession, loginPageUrl } from '../account/server';
import { SAVED_CARDS_PATH } from './paths';

export const CARD_ADDED_MESSAGE = 'Agregamos tu tarjeta.';
export const CARD_NOT_ADDED_MESSAGE = 'No pudimos agregar tu tarjeta. Inténtalo nuevamente.';
export const CARD_FAVOURITE_MESSAGE = 'Esta tarjeta es ahora tu favorita.';
export const CARD_DELETED_MESSAGE = 'Eliminamos tu tarjeta.';

/** What the saved-cards actions answer (an enrolment redirects to the acquirer instead). */
export type SavedCardsActionResult =
  | { ok: true; intent: 'favourite' | 'delete'; message: string }
  | { ok: false; intent: string; error: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

const isCardType = (value: string): value is WalletCardType => Object.hasOwn(WALLET_CARD_TYPES, value);

/** /mis-tarjetas: the customer's cards, and how their last enrolment went (?enrolment=ok|failed). */
export async function savedCardsLoader(services: StorefrontServices, request: Request) {
  const token = await requireSession(services, request);
  // Unreadable cards are the §2 card-list error snackbar, never an empty list (null).
  const cards = await services.wallet.cards(token).catch((error: unknown) => {
    console.error(JSON.stringify({ level: 'error', msg: 'saved cards read failed', error: String(error) }));
    return null;
  });
  const enrolment = new URL(request.url).searchParams.get('enrolment');
  return {
    cards,
    enrolmentMessage:
      enrolment === 'ok' ? CARD_ADDED_MESSAGE : enrolment === 'failed' ? CARD_NOT_ADDED_MESSAGE : null,
    enrolmentOk: enrolment === 'ok',
  };
}

/** Add a card (to the acquirer's enrolment page and back), make one the favourite, delete one. */
export async function savedCardsAction(services: StorefrontServices, request: Request) {
  assertSameOrigin(request);
  const token = await requireSession(services, request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const cardId = text(form, 'cardId');
  const fail = (error: string, status = 400) =>
    data<SavedCardsActionResult>({ ok: false, intent, error }, { status });
  try {
    switch (intent) {
      case 'enrol': {
        const type = text(form, 'type');
        if (!isCardType(type)) return fail('Elige el tipo de tarjeta');
        const { redirectUrl } = await services.wallet.startEnrolment(
          token,
          type,
          SAVED_CARDS_PATH,
          new URL(request.url).origin,
        );
        // The acquirer's page is not one of the app's routes: a full page load, never a client navigation.
        return redirectDocument(redirectUrl);
      }
      case 'favourite':
        await services.wallet.makeFavourite(token, cardId);
        return data<SavedCardsActionResult>({ ok: true, intent, message: CARD_FAVOURITE_MESSAGE });
      case 'delete':
        await services.wallet.remove(token, cardId);
        return data<SavedCardsActionResult>({ ok: true, intent, message: CARD_DELETED_MESSAGE });
      default:
        return fail('Solicitud no válida');
    }
  } catch (error) {
    const code = failureCodeOf(error);
    if (code === 'notLoggedIn') throw redirect(loginPageUrl(SAVED_CARDS_PATH));
    if (!code) throw error;
    // walletCardInUse: §8's text, which the page shows in a snackbar for 15 s.
    return fail(failureMessageOf(error), code === 'walletCardNotFound' ? 404 : 400);
  }
}
