import type { ReactNode } from 'react';
import type { PaymentIconId } from '@despensa/contracts';

/** Simple drawn badges of the accepted cards (§2); `label` is the accessible name. */
const BADGES: Record<PaymentIconId, ReactNode> = {
  'card-brand': (
    <>
      <rect width="48" height="30" rx="4" fill="var(--brand-primary)" />
      <rect x="6" y="9" width="9" height="7" rx="1.5" fill="#f4d35e" />
      <path d="M6 22h20" stroke="#fff" strokeWidth="2" />
    </>
  ),
  mastercard: (
    <>
      <rect width="48" height="30" rx="4" fill="#1a1a1a" />
      <circle cx="20" cy="15" r="8" fill="#eb001b" />
      <circle cx="28" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
    </>
  ),
  visa: (
    <>
      <rect width="48" height="30" rx="4" fill="#1a1f71" />
      <text x="24" y="20" textAnchor="middle" fontSize="12" fontWeight="700" fontStyle="italic" fill="#fff">
        VISA
      </text>
    </>
  ),
  magna: (
    <>
      <rect width="48" height="30" rx="4" fill="#5b2a86" />
      <text x="24" y="19" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
        magna
      </text>
    </>
  ),
  amex: (
    <>
      <rect width="48" height="30" rx="4" fill="#006fcf" />
      <text x="24" y="19" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
        AMEX
      </text>
    </>
  ),
  diners: (
    <>
      <rect width="48" height="30" rx="4" fill="#fff" stroke="#0079be" />
      <circle cx="24" cy="15" r="9" fill="none" stroke="#0079be" strokeWidth="2.5" />
      <path d="M21 9v12M27 9v12" stroke="#0079be" strokeWidth="2" />
    </>
  ),
  redcompra: (
    <>
      <rect width="48" height="30" rx="4" fill="#d52b1e" />
      <text x="24" y="19" textAnchor="middle" fontSize="7.5" fontWeight="700" fill="#fff">
        redcompra
      </text>
    </>
  ),
};

export function PaymentBadge({ id, label }: { id: PaymentIconId; label: string }) {
  return (
    <svg className="payment-badge" width="48" height="30" viewBox="0 0 48 30" role="img" aria-label={label}>
      {BADGES[id]}
    </svg>
  );
}
