import { z } from 'zod';
import { typedName } from './common';
import { WALLET_CARD_TYPES } from '@despensa/domain';

/** §3 wallet card, as `GET /wallet/cards` lists it (the acquirer's enrolment id stays on the server). */
export const walletCard = z.object({
  id: z.string(),
  token: z.string(),
  brand: z.string(),
  cardLast4: z.string(),
  paymentMethod: z.enum(['OneClick', 'DebitoOneClick', 'CATOneClick']),
  autoDelete: z.boolean(),
  tokenizerTransaction: z.string(),
  favourite: z.boolean(),
});
export type WalletCard = z.infer<typeof walletCard>;

export const walletCardTypeParams = z.object({
  type: z.enum(Object.keys(WALLET_CARD_TYPES) as [keyof typeof WALLET_CARD_TYPES]),
});

/** §7 POST /wallet/card/{type}: starts a one-click enrolment; callback is where the shopper comes back to. */
export const walletEnrolBody = z.object({
  email: z.string().trim().email().max(100),
  firstName: typedName(z.string().trim().min(1).max(60)),
  lastName: typedName(z.string().trim().min(1).max(60)),
  /** A path of this shop ('/mis-tarjetas') or an absolute URL on its own host. */
  callback: z.string().min(1).max(500),
  /** The card's first digits, when the shopper typed them already. */
  bin: z
    .string()
    .regex(/^\d{6,8}$/)
    .optional(),
});
export type WalletEnrolBody = z.infer<typeof walletEnrolBody>;

/** Send the shopper to `redirectUrl` (the acquirer's enrolment page, token included). */
export const walletEnrolment = z.object({ token: z.string(), url: z.string(), redirectUrl: z.string() });
export type WalletEnrolment = z.infer<typeof walletEnrolment>;

/** §7 POST /wallet/transaction. */
export const walletTransactionBody = z.object({
  idCard: z.string().min(1).max(60),
  tId: z.string().min(1).max(100),
});
export type WalletTransactionBody = z.infer<typeof walletTransactionBody>;

/** §4: poll `GET /wallet/status/{internalCode}` while code is 200-2; 200-0 is approved, anything else failed. */
export const walletCharge = z.object({ internalCode: z.string(), code: z.string() });
export type WalletCharge = z.infer<typeof walletCharge>;
