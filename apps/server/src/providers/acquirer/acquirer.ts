import transbank from 'transbank-sdk';
import type { Config } from '../../config';

// transbank-sdk ships CommonJS without named ESM exports.
const { Oneclick, Options, TransactionDetail, WebpayPlus } = transbank;

/** A Webpay token lives this long: past it, an unpaid transaction can never be paid. */
export const ACQUIRER_TOKEN_LIFETIME_MS = 5 * 60_000;
/**
 * How Webpay refuses to commit a transaction whose page the shopper left (aborted, timed out, failed):
 * the acquirer's word that it was never paid, while its status still reads INITIALIZED.
 */
export const LEFT_UNPAID = /invalid finished state/i;

/** What the acquirer answered about one card payment. Amounts are CLP cents, as everywhere in the shop. */
export interface AcquirerPayment {
  status:
    'INITIALIZED' | 'AUTHORIZED' | 'FAILED' | 'REVERSED' | 'NULLIFIED' | 'PARTIALLY_NULLIFIED' | 'CAPTURED';
  /** 0 approved; −1…−5 Transbank's rejections; absent while the shopper has not paid. */
  responseCode?: number;
  buyOrder: string;
  sessionId: string;
  amountCents: number;
  authorizationCode?: string;
  /** VN credit, VD debit, VP prepaid, VC/SI/S2/NC instalments. */
  paymentTypeCode?: string;
  cardLast4?: string;
  transactionDate: string;
}

export interface AcquirerRefund {
  type: 'REVERSED' | 'NULLIFIED';
  /** What is still charged after a nullification. */
  balanceCents?: number;
}

/** A enrolled card, as Oneclick's finish answers: approved (responseCode 0) with a tbkUser, or refused. */
export interface OneclickEnrolment {
  responseCode: number;
  tbkUser?: string;
  /** Visa, MasterCard, AmericanExpress, Redcompra… */
  cardType?: string;
  cardLast4?: string;
  authorizationCode?: string;
}

/** A one-click charge: 0 approved; −96 no such enrolment; −97 daily amount, −98 amount, −99 daily count over the limits. */
export interface OneclickPayment {
  buyOrder: string;
  storeBuyOrder: string;
  status: AcquirerPayment['status'];
  responseCode: number;
  amountCents: number;
  authorizationCode: string;
  paymentTypeCode: string;
  cardLast4: string;
  transactionDate: string;
}

/** Oneclick Mall's store buy order of a mall buy order (the mall charges through one store). */
export const storeBuyOrderOf = (buyOrder: string) => `${buyOrder}-1`;

/** The card acquirer behind checkout (Transbank Webpay Plus and Oneclick Mall). A refused call throws the SDK's TransbankError. */
export interface Acquirer {
  /** Starts a payment: the shopper is sent with a POST of `token_ws` = token to `url`. */
  create(input: { buyOrder: string; sessionId: string; amountCents: number; returnUrl: string }): Promise<{
    token: string;
    url: string;
  }>;
  /** On the return with token_ws: settles the payment. A second commit of one token is refused. */
  commit(token: string): Promise<AcquirerPayment>;
  status(token: string): Promise<AcquirerPayment>;
  /** Within 3 hours of the commit a full refund reverses; later, or partial, it nullifies. */
  refund(token: string, amountCents: number): Promise<AcquirerRefund>;

  /** Starts enrolling a card: the shopper is sent with a POST of `TBK_TOKEN` = token to `url`. */
  oneclickStart(input: {
    username: string;
    email: string;
    responseUrl: string;
  }): Promise<{ token: string; url: string }>;
  /** On the return with TBK_TOKEN: the enrolment's result (a second finish is refused). */
  oneclickFinish(token: string): Promise<OneclickEnrolment>;
  /** Charges an enrolled card through the configured store of the mall. */
  oneclickAuthorize(input: {
    username: string;
    tbkUser: string;
    buyOrder: string;
    storeBuyOrder: string;
    amountCents: number;
  }): Promise<OneclickPayment>;
  /** Null when the mall has no such buy order (never authorized); throws when it cannot be asked. */
  oneclickStatus(buyOrder: string): Promise<OneclickPayment | null>;
  oneclickRefund(input: {
    buyOrder: string;
    storeBuyOrder: string;
    amountCents: number;
  }): Promise<AcquirerRefund>;
  oneclickDelete(input: { tbkUser: string; username: string }): Promise<void>;
}

export interface TransbankSettings {
  /** Base URL: the shop's own sandbox (`http://host:port/sandbox/transbank`) or https://webpay3gint.transbank.cl. */
  environment: string;
  commerceCode: string;
  apiKey: string;
  /** Oneclick Mall's commerce code and the store (child commerce) that charges. */
  oneclickCommerceCode: string;
  oneclickStoreCode: string;
}

/** The settings from config: without TRANSBANK_ENVIRONMENT, the shop's own sandbox on its own port. */
export function transbankSettings(config: Config): TransbankSettings {
  return {
    environment: config.TRANSBANK_ENVIRONMENT ?? `http://127.0.0.1:${config.PORT}/sandbox/transbank`,
    commerceCode: config.TRANSBANK_COMMERCE_CODE,
    apiKey: config.TRANSBANK_API_KEY,
    oneclickCommerceCode: config.TRANSBANK_ONECLICK_COMMERCE_CODE,
    oneclickStoreCode: config.TRANSBANK_ONECLICK_STORE_CODE,
  };
}

const toPesos = (cents: number) => {
  if (!Number.isInteger(cents) || cents % 100 !== 0)
    throw new Error(`${cents} cents is not a whole peso amount`);
  return cents / 100;
};

/** Webpay Plus through the official transbank-sdk, so the sandbox and Transbank differ only in the base URL. */
export class TransbankAcquirer implements Acquirer {
  private readonly transaction: InstanceType<typeof WebpayPlus.Transaction>;
  private readonly inscription: InstanceType<typeof Oneclick.MallInscription>;
  private readonly mall: InstanceType<typeof Oneclick.MallTransaction>;
  private readonly storeCode: string;

  constructor(settings: TransbankSettings) {
    this.transaction = new WebpayPlus.Transaction(
      new Options(settings.commerceCode, settings.apiKey, settings.environment),
    );
    const mallOptions = new Options(settings.oneclickCommerceCode, settings.apiKey, settings.environment);
    this.inscription = new Oneclick.MallInscription(mallOptions);
    this.mall = new Oneclick.MallTransaction(mallOptions);
    this.storeCode = settings.oneclickStoreCode;
  }

  async create(input: { buyOrder: string; sessionId: string; amountCents: number; returnUrl: string }) {
    const answer = await this.transaction.create(
      input.buyOrder,
      input.sessionId,
      toPesos(input.amountCents),
      input.returnUrl,
    );
    return { token: String(answer.token), url: String(answer.url) };
  }

  async commit(token: string): Promise<AcquirerPayment> {
    return payment(await this.transaction.commit(token));
  }

  async status(token: string): Promise<AcquirerPayment> {
    return payment(await this.transaction.status(token));
  }

  async refund(token: string, amountCents: number): Promise<AcquirerRefund> {
    return refund(await this.transaction.refund(token, toPesos(amountCents)));
  }

  async oneclickStart(input: { username: string; email: string; responseUrl: string }) {
    const answer = await this.inscription.start(input.username, input.email, input.responseUrl);
    return { token: String(answer.token), url: String(answer.url_webpay) };
  }

  async oneclickFinish(token: string): Promise<OneclickEnrolment> {
    const answer = await this.inscription.finish(token);
    return {
      responseCode: answer.response_code,
      ...(answer.tbk_user ? { tbkUser: answer.tbk_user } : {}),
      ...(answer.card_type ? { cardType: answer.card_type } : {}),
      ...(answer.card_number ? { cardLast4: String(answer.card_number).slice(-4) } : {}),
      ...(answer.authorization_code ? { authorizationCode: answer.authorization_code } : {}),
    };
  }

  async oneclickAuthorize(input: {
    username: string;
    tbkUser: string;
    buyOrder: string;
    storeBuyOrder: string;
    amountCents: number;
  }): Promise<OneclickPayment> {
    const detail = new TransactionDetail(toPesos(input.amountCents), this.storeCode, input.storeBuyOrder);
    return oneclickPayment(
      await this.mall.authorize(input.username, input.tbkUser, input.buyOrder, [detail]),
    );
  }

  async oneclickStatus(buyOrder: string): Promise<OneclickPayment | null> {
    try {
      return oneclickPayment(await this.mall.status(buyOrder));
    } catch (error) {
      // The SDK's error names the HTTP status in its message; any other failure says nothing of the order.
      if (/status code 404/.test((error as Error).message)) return null;
      throw error;
    }
  }

  async oneclickRefund(input: { buyOrder: string; storeBuyOrder: string; amountCents: number }) {
    const answer = await this.mall.refund(
      input.buyOrder,
      this.storeCode,
      input.storeBuyOrder,
      toPesos(input.amountCents),
    );
    return refund(answer);
  }

  async oneclickDelete(input: { tbkUser: string; username: string }): Promise<void> {
    await this.inscription.delete(input.tbkUser, input.username);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK types its answers as any
function refund(answer: any): AcquirerRefund {
  return answer.type === 'REVERSED'
    ? { type: 'REVERSED' }
    : { type: 'NULLIFIED', balanceCents: Math.round(Number(answer.balance) * 100) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK types its answers as any
function oneclickPayment(answer: any): OneclickPayment {
  const detail = answer.details[0];
  return {
    buyOrder: answer.buy_order,
    storeBuyOrder: detail.buy_order,
    status: detail.status,
    responseCode: detail.response_code,
    amountCents: Math.round(Number(detail.amount) * 100),
    authorizationCode: detail.authorization_code,
    paymentTypeCode: detail.payment_type_code,
    cardLast4: String(answer.card_detail?.card_number ?? '').slice(-4),
    transactionDate: answer.transaction_date,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK types its answers as any
function payment(answer: any): AcquirerPayment {
  return {
    status: answer.status,
    ...(typeof answer.response_code === 'number' ? { responseCode: answer.response_code } : {}),
    buyOrder: answer.buy_order,
    sessionId: answer.session_id,
    amountCents: Math.round(Number(answer.amount) * 100),
    ...(answer.authorization_code ? { authorizationCode: answer.authorization_code } : {}),
    ...(answer.payment_type_code ? { paymentTypeCode: answer.payment_type_code } : {}),
    ...(answer.card_detail?.card_number
      ? { cardLast4: String(answer.card_detail.card_number).slice(-4) }
      : {}),
    transactionDate: answer.transaction_date,
  };
}

/** The acquirer made on first use, when its settings are known (the shop's own port once it listens). */
export function acquirerOnFirstUse(settings: () => TransbankSettings): Acquirer {
  let made: TransbankAcquirer | null = null;
  const get = () => (made ??= new TransbankAcquirer(settings()));
  return {
    create: (input) => get().create(input),
    commit: (token) => get().commit(token),
    status: (token) => get().status(token),
    refund: (token, amountCents) => get().refund(token, amountCents),
    oneclickStart: (input) => get().oneclickStart(input),
    oneclickFinish: (token) => get().oneclickFinish(token),
    oneclickAuthorize: (input) => get().oneclickAuthorize(input),
    oneclickStatus: (buyOrder) => get().oneclickStatus(buyOrder),
    oneclickRefund: (input) => get().oneclickRefund(input),
    oneclickDelete: (input) => get().oneclickDelete(input),
  };
}
