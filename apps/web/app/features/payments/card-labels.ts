import type { WalletCard } from '@despensa/contracts';
import type { WalletCardType, WalletPaymentMethod } from '@despensa/domain';

/** How the shop names each kind of one-click card (§3 wallet card paymentMethod). */
export const CARD_KIND_LABELS: Record<WalletPaymentMethod, string> = {
  OneClick: 'Crédito',
  DebitoOneClick: 'Débito',
  CATOneClick: 'Tarjeta del grupo',
};

/** The enrolment types (POST /wallet/card/{type}) in the order the add-card form offers them. */
export const ENROL_TYPES: { type: WalletCardType; label: string }[] = [
  { type: 'oneclick', label: 'Tarjeta de crédito' },
  { type: 'debitooneclick', label: 'Tarjeta de débito' },
  { type: 'catoneclick', label: 'Tarjeta del grupo' },
];

/** 'Visa terminada en 6623': what tells a customer's cards apart. */
export function cardName(card: Pick<WalletCard, 'brand' | 'cardLast4'>): string {
  return `${card.brand} terminada en ${card.cardLast4}`;
}

/** §2 card-list error snackbar: the saved cards could not be read (never shown as an empty list). */
export const CARDS_UNREADABLE_MESSAGE = 'No pudimos cargar tus tarjetas. Inténtalo nuevamente.';
