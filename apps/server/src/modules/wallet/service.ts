import { randomUUID } from 'node:crypto';
import {
  Failure,
  type WalletCard,
  type WalletCharge,
  type WalletEnrolBody,
  type WalletEnrolment,
} from '@despensa/contracts';
import {
  WALLET_CARD_TYPES,
  type WalletCardType,
  type WalletLinkState,
  type WalletPaymentMethod,
  walletLinkState,
} from '@despensa/domain';
import type { Database, Db, Tx } from '../../db/client';
import type { Acquirer } from '../../providers/acquirer/acquirer';
import type { WalletProvider } from '../../providers/wallet/wallet';
import type { UserService } from '../user/service';
import * as repo from './repo';

/** `idCard` that pays from the wallet's own balance (payment 783) instead of a saved card. */
export const WALLET_BALANCE_CARD = 'balance';

/**
 * The customer's wallet: saved one-click cards (enrolled at the acquirer, tokenized by the wallet), the
 * wallet's link state, and charges of a checkout transaction that settle asynchronously (§4).
 */
export class WalletService {
  private readonly db: Db;

  constructor(
    database: Database,
    private readonly users: UserService,
    private readonly wallet: WalletProvider,
    private readonly acquirer: Acquirer,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.db = database.db;
  }

  /** A saved card of the customer, with Oneclick's enrolment id to charge it; walletCardNotFound else. */
  async chargeableCard(userId: string, id: string, tx?: Tx): Promise<{ id: string; tbkUser: string }> {
    const card = await repo.findCard(tx ?? this.db, userId, id);
    if (!card) throw new Failure('walletCardNotFound', { field: 'payments.accountId' });
    return { id: card.id, tbkUser: card.tbkUser };
  }

  /** The saved card that paid a transaction through the wallet; null for the balance or no charge. */
  async cardOfTransaction(tId: string): Promise<string | null> {
    const charge = await repo.chargeOfTransaction(this.db, tId);
    return charge && charge.cardId !== WALLET_BALANCE_CARD ? charge.cardId : null;
  }

  /** The code of the charge of a transaction (the reconciliation's question); null when never charged. */
  async chargeCodeOf(tId: string): Promise<{ internalCode: string; code: string } | null> {
    const charge = await repo.chargeOfTransaction(this.db, tId);
    const status = charge && (await this.wallet.status(charge.internalCode));
    return status ? { internalCode: status.internalCode, code: status.code } : null;
  }

  /**
   * The orders module marks a card in use while an order it paid is not yet collected and receipted, and
   * clears it after; a card in use cannot be deleted (§6). False when there is no such card.
   */
  async setCardInUse(cardId: string, inUse: boolean): Promise<boolean> {
    return repo.setCardInUse(this.db, cardId, inUse);
  }

  /** §6: the cluster from the customer's data, having and linking a wallet from the wallet itself. */
  async linkState(userId: string): Promise<WalletLinkState> {
    const profile = await this.users.profile(userId);
    const account = await this.wallet.account(profile.email);
    return walletLinkState({
      clusterCencopay: profile.clusterCencopay,
      hasWallet: account.hasWallet,
      isLinked: account.isLinked,
    });
  }

  /**
   * The wallet-link drawer's button (states create and link): opens the customer's wallet if needed and links
   * it. A customer outside the wallet's cluster (hidden) is left as they are.
   */
  async link(userId: string): Promise<WalletLinkState> {
    const state = await this.linkState(userId);
    if (state === 'create' || state === 'link') await this.wallet.link(await this.users.email(userId));
    return state === 'hidden' ? state : 'linked';
  }

  /** The wallet's balance in cents (0 without a wallet). */
  async balance(userId: string): Promise<number> {
    return (await this.wallet.account(await this.users.email(userId))).balanceCents;
  }

  async cards(userId: string): Promise<WalletCard[]> {
    return (await repo.listCards(this.db, userId)).map(toCard);
  }

  /**
   * Starts a one-click enrolment at the acquirer. The shopper goes to redirectUrl, enrols a card, and comes
   * back to returnUrl (finishEnrolment), then to callback. `origin` is this shop's, to resolve callback.
   */
  async startEnrolment(
    userId: string,
    type: WalletCardType,
    body: WalletEnrolBody,
    where: { origin: string; returnUrl: string },
  ): Promise<WalletEnrolment> {
    const callback = sameOrigin(body.callback, where.origin);
    const started = await this.acquirer.oneclickStart({
      username: userId,
      email: body.email,
      responseUrl: where.returnUrl,
    });
    await repo.insertEnrolment(this.db, {
      token: started.token,
      userId,
      email: await this.users.email(userId),
      paymentMethod: WALLET_CARD_TYPES[type],
      callback,
      createdAt: this.clock(),
    });
    const redirectUrl = new URL(started.url);
    redirectUrl.searchParams.set('TBK_TOKEN', started.token);
    return { ...started, redirectUrl: redirectUrl.toString() };
  }

  /**
   * The shopper is back from the enrolment page: a card the acquirer approved is tokenized by the wallet and
   * saved. Answers where to send the shopper (the callback, with enrolment=ok or failed), null for an
   * unknown or already finished token.
   */
  async finishEnrolment(token: string): Promise<string | null> {
    const enrolment = await repo.closeEnrolment(this.db, token, this.clock());
    if (!enrolment) return null;
    const back = new URL(enrolment.callback);
    const finished = await this.acquirer.oneclickFinish(token).catch(() => null);
    if (finished?.responseCode !== 0 || !finished.tbkUser) {
      back.searchParams.set('enrolment', 'failed');
      return back.toString();
    }
    const cardLast4 = finished.cardLast4 ?? '';
    await repo.insertCard(this.db, {
      id: randomUUID(),
      userId: enrolment.userId,
      token: await this.wallet.addCard(enrolment.email, { cardLast4 }),
      tbkUser: finished.tbkUser,
      brand: finished.cardType ?? 'Visa',
      cardLast4,
      paymentMethod: enrolment.paymentMethod,
      tokenizerTransaction: token,
      createdAt: this.clock(),
    });
    back.searchParams.set('enrolment', 'ok');
    return back.toString();
  }

  async makeFavourite(userId: string, id: string): Promise<WalletCard> {
    const card = await repo.makeFavourite(this.db, userId, id);
    if (!card) throw new Failure('walletCardNotFound');
    return toCard(card);
  }

  /** Refused (§8 text) while an order paid with the card is not yet collected and receipted. */
  async remove(userId: string, id: string): Promise<void> {
    const done = await repo.deleteCard(this.db, userId, id, this.clock());
    if (!done) throw new Failure('walletCardNotFound');
    if ('inUse' in done) throw new Failure('walletCardInUse');
    const email = await this.users.email(userId);
    await this.wallet.removeCard(email, done.deleted.token);
    // The acquirer may have dropped the enrolment already; the card is gone here either way.
    await this.acquirer
      .oneclickDelete({ tbkUser: done.deleted.tbkUser, username: userId })
      .catch(() => undefined);
  }

  /** The internalCode of a transaction's charge, if it was charged; walletTransactionNotFound if not theirs. */
  async chargeOfTransaction(userId: string, tId: string): Promise<string | null> {
    const earlier = await repo.chargeOfTransaction(this.db, tId);
    if (earlier && earlier.userId !== userId) throw new Failure('walletTransactionNotFound');
    return earlier?.internalCode ?? null;
  }

  /** The wallet's token of a saved card ('balance': none); walletCardNotFound when it is not theirs. */
  async cardToken(userId: string, idCard: string): Promise<string | null> {
    if (idCard === WALLET_BALANCE_CARD) return null;
    const card = await repo.findCard(this.db, userId, idCard);
    if (!card) throw new Failure('walletCardNotFound');
    return card.token;
  }

  /** Asks the wallet to charge `amountCents` for a transaction; its code is 200-2 until it settles. */
  async charge(
    userId: string,
    input: { idCard: string; tId: string; cardToken: string | null; amountCents: number },
  ): Promise<string> {
    const internalCode = await this.wallet.charge({
      email: await this.users.email(userId),
      cardToken: input.cardToken,
      tId: input.tId,
      amountCents: input.amountCents,
    });
    await repo.insertCharge(this.db, {
      internalCode,
      userId,
      cardId: input.idCard,
      tId: input.tId,
      createdAt: this.clock(),
    });
    return internalCode;
  }

  /** A charge of the customer, with its transaction and code as the wallet reads it now. */
  async status(userId: string, internalCode: string): Promise<WalletCharge & { tId: string }> {
    const charge = await repo.findCharge(this.db, userId, internalCode);
    const status = charge && (await this.wallet.status(internalCode));
    if (!status) throw new Failure('walletChargeNotFound');
    return { internalCode, code: status.code, tId: charge.tId };
  }

  /** Gives an approved charge back (an order that could not be placed); false when it was not approved. */
  async refund(internalCode: string): Promise<boolean> {
    return this.wallet.refund(internalCode);
  }
}

function toCard(row: repo.CardRow): WalletCard {
  return {
    id: row.id,
    token: row.token,
    brand: row.brand,
    cardLast4: row.cardLast4,
    paymentMethod: row.paymentMethod as WalletPaymentMethod,
    autoDelete: row.autoDelete,
    tokenizerTransaction: row.tokenizerTransaction,
    favourite: row.favourite,
  };
}

/** The callback as an absolute URL, only on this shop's own origin (never an open redirect). */
function sameOrigin(callback: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(callback, origin);
  } catch {
    throw new Failure('walletCallbackInvalid', { field: 'body.callback' });
  }
  if (url.origin !== new URL(origin).origin)
    throw new Failure('walletCallbackInvalid', { field: 'body.callback' });
  return url.toString();
}
