import { PAYMENT_IDS, type FeatureFlags } from '../constants';
import { CARD_REDIRECT_PAYMENT_ID } from '../checkout/completeness';
import type { PaymentOption } from '../pricing/types';
import { paymentSystemOffered } from './methods';
import { PAYMENT_SYSTEMS, paymentSystemName, paymentSystemOf } from './systems';

/**
 * Installments (issue 29): a credit card may split the purchase into 1 to 12 payments without interest,
 * each of at least $5.000; debit, prepaid, the gift card and the wallet pay once. The acquirer, not the
 * shop, charges any interest, so the shop offers none.
 */
export const INSTALLMENTS_WITHOUT_INTEREST = { max: 12, minimumValue: 500_000 } as const;

/** The systems paid with a credit card: the card on the acquirer's page, the group's card, saved cards. */
const CREDIT_SYSTEMS: readonly number[] = [
  CARD_REDIRECT_PAYMENT_ID,
  PAYMENT_IDS.promissory,
  PAYMENT_IDS.oneClick,
  PAYMENT_IDS.catOneClick,
];

/** VTEX's installment of an installmentOptions entry. */
export interface Installment {
  count: number;
  hasInterestRate: boolean;
  interestRate: number;
  /** One payment, in cents. */
  value: number;
  total: number;
}

/** The installments a system offers for a purchase of `total` cents (the rule above). */
export function installmentsOf(paymentSystem: number, total: number): Installment[] {
  const { max, minimumValue } = INSTALLMENTS_WITHOUT_INTEREST;
  const most = CREDIT_SYSTEMS.includes(paymentSystem)
    ? Math.max(1, Math.min(max, Math.floor(total / minimumValue)))
    : 1;
  return Array.from({ length: most }, (_, i) => ({
    count: i + 1,
    hasInterestRate: false,
    interestRate: 0,
    value: Math.round(total / (i + 1)),
    total,
  }));
}

/** VTEX's orderForm paymentData.installmentOptions entry of one payment system. */
export interface InstallmentOption {
  paymentSystem: string;
  bin: null;
  paymentName: string;
  paymentGroupName: string;
  value: number;
  installments: Installment[];
}

/**
 * Every system's installment options, each paying what the purchase costs with its prices (`totalWith`:
 * the products at that system's prices plus the delivery fee). Names carry `{brand}` until livePaymentData.
 */
export function installmentOptionsOf(totalWith: (pricing: PaymentOption) => number): InstallmentOption[] {
  return PAYMENT_SYSTEMS.map((system) => {
    const value = totalWith(system.pricing);
    return {
      paymentSystem: String(system.id),
      bin: null,
      paymentName: system.name,
      paymentGroupName: system.groupName,
      value,
      installments: installmentsOf(system.id, value),
    };
  });
}

/** VTEX's orderForm paymentData.paymentSystems entry. */
export interface OfferedPaymentSystem {
  id: number;
  name: string;
  groupName: string;
  validator: null;
  stringId: string;
  template: string;
  requiresDocument: boolean;
  displayDocument: boolean;
  isCustom: boolean;
  description: null;
  requiresAuthentication: boolean;
  dueDate: string;
  availablePayments: null;
}

/** VTEX's dueDate of a payment chosen now: the end of the day (UTC), when a cart's prices may change. */
function dueDateOf(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
}

/**
 * The orderForm's ways to pay under the live flags (a VTEX client discovers them there): every system the
 * checkout takes with the shop's name, and the installment options of those systems only.
 */
export function livePaymentData(
  installmentOptions: readonly InstallmentOption[],
  live: { flags: FeatureFlags; brandName: string; now: Date },
): { paymentSystems: OfferedPaymentSystem[]; installmentOptions: InstallmentOption[] } {
  const dueDate = dueDateOf(live.now);
  return {
    paymentSystems: PAYMENT_SYSTEMS.filter((system) => paymentSystemOffered(system.id, live.flags)).map(
      (system) => ({
        id: system.id,
        name: paymentSystemName(system, live.brandName),
        groupName: system.groupName,
        validator: null,
        stringId: String(system.id),
        template: `${system.groupName}-template`,
        // The RUT is asked with the profile (§5 cart complete), never again for a way of paying.
        requiresDocument: false,
        displayDocument: false,
        isCustom: false,
        description: null,
        // Saved cards and the wallet are the logged-in customer's.
        requiresAuthentication: system.channel === 'oneclick' || system.channel === 'wallet',
        dueDate,
        availablePayments: null,
      }),
    ),
    installmentOptions: installmentOptions
      .filter((option) => paymentSystemOffered(Number(option.paymentSystem), live.flags))
      .map((option) => {
        const system = paymentSystemOf(Number(option.paymentSystem));
        return system ? { ...option, paymentName: paymentSystemName(system, live.brandName) } : option;
      }),
  };
}
