import type { PaymentIconId } from '@despensa/contracts';
import { markup, Markup } from '../lib/markup';

function label(x: number, y: number, size: number, text: string, style = ''): string {
  return `<text x="${x}" y="${y}" text-anchor="middle" font-size="${size}" font-weight="700"${style} fill="#fff">${text}</text>`;
}

/** Simple drawn badges of the accepted cards (§2); `label` is the accessible name. */
const BADGES: Record<PaymentIconId, string> = {
  'card-brand':
    '<rect width="48" height="30" rx="4" fill="var(--brand-primary)"/>' +
    '<rect x="6" y="9" width="9" height="7" rx="1.5" fill="#f4d35e"/>' +
    '<path d="M6 22h20" stroke="#fff" stroke-width="2"/>',
  mastercard:
    '<rect width="48" height="30" rx="4" fill="#1a1a1a"/>' +
    '<circle cx="20" cy="15" r="8" fill="#eb001b"/>' +
    '<circle cx="28" cy="15" r="8" fill="#f79e1b" fill-opacity="0.9"/>',
  visa:
    '<rect width="48" height="30" rx="4" fill="#1a1f71"/>' +
    label(24, 20, 12, 'VISA', ' font-style="italic"'),
  magna: '<rect width="48" height="30" rx="4" fill="#5b2a86"/>' + label(24, 19, 10, 'magna'),
  amex: '<rect width="48" height="30" rx="4" fill="#006fcf"/>' + label(24, 19, 10, 'AMEX'),
  diners:
    '<rect width="48" height="30" rx="4" fill="#fff" stroke="#0079be"/>' +
    '<circle cx="24" cy="15" r="9" fill="none" stroke="#0079be" stroke-width="2.5"/>' +
    '<path d="M21 9v12M27 9v12" stroke="#0079be" stroke-width="2"/>',
  redcompra: '<rect width="48" height="30" rx="4" fill="#d52b1e"/>' + label(24, 19, 7.5, 'redcompra'),
};

export function paymentBadgeMarkup(id: PaymentIconId, name: string): Markup {
  return markup`<svg class="payment-badge" width="48" height="30" viewBox="0 0 48 30" role="img" aria-label="${name}">${new Markup(BADGES[id])}</svg>`;
}
