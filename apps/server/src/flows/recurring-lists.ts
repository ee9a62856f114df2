import {
  customerViewer,
  failureCodeOf,
  failureMessages,
  parseListSkus,
  type FailureCode,
} from '@despensa/contracts';
import {
  CHAIN_SELLER_ID,
  DELIVERY_METHODS,
  WALLET_CARD_PAYMENT_SYSTEMS,
  basketPayingCard,
  deliveryMethodById,
  formatCLP,
  isCollaborator,
  zonedInstant,
  type ListRun,
} from '@despensa/domain';
import type { Database } from '../db/client';
import type { CartService } from '../modules/cart/service';
import type { ListRunRow, ListsService } from '../modules/lists/service';
import type { DeliveryService } from '../modules/shipping/service';
import type { UserService } from '../modules/user/service';
import type { WalletService } from '../modules/wallet/service';
import type { PushService } from '../modules/push/service';
import type { Mailer } from '../providers/mail/mailer';
import { attachShippingFlow } from './attach-shipping';
import { basketDeliveryFee, basketOf, sameBasket } from './list-baskets';
import { defineFlow, runFlow } from './flow';
import type { Checkout } from './place-order';

interface Modules {
  lists: ListsService;
  cart: CartService;
  users: UserService;
  delivery: DeliveryService;
  wallet: WalletService;
}

interface Providers {
  checkout: Pick<Checkout, 'placeOrder'>;
  push: Pick<PushService, 'notifyCustomer'>;
  mailer: Mailer;
  /** Where shoppers reach the shop (the review link). */
  publicUrl: () => string;
  log: (message: string) => void;
}

/** A basket's hold outlives its cut-off by this much, so the placement finds its window still held. */
const HOLD_PAST_CUT_OFF_MS = 3600_000;

/** Another instance (or the shopper's skip) recorded the run first: this build is undone. */
class RunRecordedAlready extends Error {}

interface BuildInput {
  listId: string;
  userId: string;
  run: { deliveryDate: string; cutOffAt: string };
}

interface BuildResult {
  orderFormId: string | null;
  items: number;
  value: number;
  missing: number;
  window: { startDateUtc: string; endDateUtc: string } | null;
  failure: FailureCode | null;
}

/**
 * Building a scheduled list's basket: the shopper's usual delivery (the mode, address and store their cart
 * keeps from the last order, or chose since) read; a new cart of theirs in that store with the list's
 * products in stock that day at that day's prices (undo: emptied); a window of that mode held until the
 * cut-off (the delivery day's first with room, else the next with room; the shipping module's hold in this
 * transaction); the run recorded. Without a usual mode or a window with room, the run is recorded failed.
 */
export function buildBasketFlow(modules: Modules, cutOffHoldMs: (cutOffAt: Date) => number) {
  const { lists, cart, users, delivery } = modules;
  const attach = attachShippingFlow(modules);
  return defineFlow<BuildInput, BuildResult>('build-list-basket', async (input, context) => {
    const { tx, step } = context;
    const { listId, userId } = input;
    const list = await lists.get(userId, listId);
    const usual = await step('readUsualDelivery', async () => {
      const profile = await users.profile(userId);
      if (!profile.orderFormId) return { profile, choice: null, orderForm: null };
      const { deliveryChoice, orderForm } = await cart.deliveryChoiceOf(profile.orderFormId, tx);
      return { profile, choice: deliveryChoice, orderForm };
    });
    const method = usual.choice?.selectedSla ? deliveryMethodById(usual.choice.selectedSla) : undefined;
    // Express has no windows: a delivery planned days ahead comes home in a window instead.
    const mode = method?.kind === 'express' ? DELIVERY_METHODS.homeDelivery : method;
    const salesChannel = usual.choice?.salesChannel ?? Number(usual.orderForm?.salesChannel);
    const viewer = customerViewer(userId);
    const basket = await step(
      'createBasket',
      async () => {
        const created = await cart.create({}, salesChannel || undefined);
        // The shopper's own prices: collaborator and Prime member prices follow them to the basket.
        await cart.assignToUser({ ...viewer, heldOrderFormId: created.orderFormId }, created.orderFormId, {
          collaborator: isCollaborator(usual.profile),
          prime: usual.profile.CencoPrime_2020,
        });
        let missing = 0;
        // One at a time, so a product not sold or out of stock that day leaves the rest in.
        for (const [id, quantity] of Object.entries(parseListSkus(list.skus) ?? {})) {
          try {
            await cart.updateItems(viewer, created.orderFormId, [{ id, quantity, seller: CHAIN_SELLER_ID }]);
          } catch (error) {
            if (!failureCodeOf(error) || failureCodeOf(error) === 'internal') throw error;
            missing += 1;
          }
        }
        const known = usual.orderForm?.clientProfileData;
        const { profile } = usual;
        const filled = await cart.setClientProfile(viewer, created.orderFormId, {
          email: known?.email ?? profile.email,
          ...((known?.document ?? profile.document) ? { document: known?.document ?? profile.document } : {}),
          ...((known?.phone ?? profile.homePhone) ? { phone: known?.phone ?? profile.homePhone } : {}),
          firstName: known?.firstName ?? profile.firstName,
          lastName: known?.lastName ?? profile.lastName,
        });
        return { form: filled, missing };
      },
      async ({ form }) => {
        await cart.removeAll(viewer, form.orderFormId);
      },
    );
    const orderFormId = basket.form.orderFormId;
    let failure: FailureCode | null = mode ? null : 'listNoUsualDelivery';
    let window: BuildResult['window'] = null;
    if (mode) {
      const [year, month, day] = input.run.deliveryDate.split('-').map(Number) as [number, number, number];
      window = await delivery.firstWindowWithRoom(
        salesChannel,
        mode.kind,
        zonedInstant(year, month, day, 0, 0),
      );
      if (!window) failure = 'listNoWindowWithRoom';
      else {
        const address = usual.orderForm?.shippingData.address ?? null;
        await attach.run(
          {
            orderFormId,
            sc: salesChannel,
            holdMs: cutOffHoldMs(new Date(input.run.cutOffAt)),
            body: {
              ...(address ? { address, selectedAddresses: [address], availableAddresses: [address] } : {}),
              logisticsInfo: [{ itemIndex: 0, selectedSla: mode.id, deliveryWindow: window }],
            },
          },
          context,
        );
      }
    }
    const priced = await cart.ownerView(orderFormId);
    await step('recordRun', async () => {
      const recorded = await lists.recordBuilt(
        userId,
        listId,
        { deliveryDate: input.run.deliveryDate, cutOffAt: new Date(input.run.cutOffAt) },
        {
          status: failure ? 'failed' : 'built',
          orderFormId,
          basket: basketOf(priced.items),
          windowStart: window ? new Date(window.startDateUtc) : null,
          failure,
        },
        tx,
      );
      if (!recorded) throw new RunRecordedAlready();
    });
    return {
      orderFormId,
      items: priced.items.length,
      value: priced.value,
      missing: basket.missing,
      window,
      failure,
    };
  });
}

/**
 * A skipped (or paused) delivery's basket, or one that could not be placed, gives its window back to the
 * store at once, not when the hold would have expired after the cut-off: the shipping module's release and
 * the run's record in one.
 */
export function releaseBasketFlow({ lists, delivery }: Modules) {
  return defineFlow<{ listId: string; deliveryDate: string; orderFormId: string }, null>(
    'release-list-basket',
    async ({ listId, deliveryDate, orderFormId }, { tx, step }) => {
      await step('releaseWindow', () => delivery.releaseWindow(orderFormId, tx));
      await step('recordReleased', () => lists.windowGivenBack(listId, deliveryDate, tx));
      return null;
    },
  );
}

type PlaceOutcome =
  | { status: 'placed'; orderGroup: string; value: number }
  | { status: 'edited' }
  | { status: 'failed'; failure: FailureCode };

/**
 * Placing a due basket at its cut-off, under the run's row lock (one instance places it): a basket the
 * shopper changed since it was built is theirs to place (edited); otherwise it is paid with the shopper's
 * favourite one-click card through the checkout's own placement (the payment entry written first; undo:
 * taken off again). No saved card, or a placement refused (stock, window, a declined card): recorded
 * failed, nothing charged.
 */
export function placeBasketFlow(modules: Modules, checkout: Providers['checkout'], origin: () => string) {
  const { lists, cart, wallet } = modules;
  return defineFlow<{ listId: string; deliveryDate: string }, PlaceOutcome | null>(
    'place-list-basket',
    async ({ listId, deliveryDate }, { tx, step }) => {
      const run = await step('lockRun', () => lists.lockDueRun(listId, deliveryDate, tx));
      if (!run?.orderFormId) return null;
      const { userId, orderFormId } = run;
      const viewer = customerViewer(userId);
      const outcome = await step('place', async (): Promise<PlaceOutcome> => {
        const basket = await cart.ownerView(orderFormId);
        if (!sameBasket(basketOf(basket.items), run.basket ?? {})) return { status: 'edited' };
        const card = basketPayingCard(await wallet.cards(userId));
        if (!card) return { status: 'failed', failure: 'savedCardRequired' };
        // What the checkout's placement checks: a Prime member's basket over the minimum delivers free.
        const value = basket.value + basketDeliveryFee(basket, run.windowStart !== null);
        await step(
          'payWithSavedCard',
          () =>
            cart.setPayments(viewer, orderFormId, [
              {
                paymentSystem: WALLET_CARD_PAYMENT_SYSTEMS[card.paymentMethod],
                installments: 1,
                installmentsInterestRate: 0,
                value,
                accountId: card.id,
              },
            ]),
          async () => {
            await cart.setPayments(viewer, orderFormId, []);
          },
        );
        try {
          const answer = await checkout.placeOrder(
            {
              orderFormId,
              userId,
              body: {
                referenceId: orderFormId,
                savePersonalData: true,
                optinNewsLetter: false,
                value,
                interestValue: 0,
              },
            },
            { origin: origin() },
          );
          return { status: 'placed', orderGroup: answer.orderId, value };
        } catch (error) {
          const code = failureCodeOf(error);
          // Unknown (the acquirer unreachable): the run stays due and the next sweep asks again.
          if (!code || code === 'internal' || code === 'paymentSystemUnavailable') throw error;
          return { status: 'failed', failure: code };
        }
      });
      await step('recordOutcome', () =>
        lists.recordOutcome(
          listId,
          deliveryDate,
          outcome.status === 'placed'
            ? { status: 'placed', orderGroup: outcome.orderGroup }
            : outcome.status === 'failed'
              ? { status: 'failed', failure: outcome.failure }
              : { status: 'edited' },
          tx,
        ),
      );
      return outcome;
    },
  );
}

/**
 * §4 recurring lists (jobs/queue.ts runs the sweep every minute on pg-boss). At a scheduled list's build
 * time (domain LIST_BASKET_*) its basket is built and held (buildBasketFlow) and the shopper is told by
 * e-mail and push with the review link; at the cut-off, a basket whose list is still scheduled and whose
 * delivery was not skipped is placed with the favourite one-click card (placeBasketFlow), and the shopper
 * told what happened.
 */
export class RecurringLists {
  private readonly build;
  private readonly place;
  private readonly release;

  constructor(
    private readonly database: Database,
    private readonly modules: Modules,
    private readonly providers: Providers,
    clock: () => Date,
  ) {
    this.build = buildBasketFlow(
      modules,
      (cutOffAt) => cutOffAt.getTime() - clock().getTime() + HOLD_PAST_CUT_OFF_MS,
    );
    this.place = placeBasketFlow(modules, providers.checkout, providers.publicUrl);
    this.release = releaseBasketFlow(modules);
  }

  /** Builds every basket due now; answers how many were built. */
  async buildBaskets(): Promise<number> {
    let built = 0;
    for (const { list, userId, run } of await this.modules.lists.basketsToBuild()) {
      let result: BuildResult;
      try {
        result = await runFlow(this.database, this.build, {
          listId: list.id,
          userId,
          run: { deliveryDate: run.deliveryDate, cutOffAt: run.cutOffAt.toISOString() },
        });
      } catch (error) {
        // Built elsewhere, or skipped meanwhile: nothing to tell. Anything else waits for the next sweep.
        if (!(error instanceof RunRecordedAlready))
          this.providers.log(`recurring list ${list.id} not built yet: ${String(error)}`);
        continue;
      }
      if (!result.failure) built += 1;
      await this.tellBuilt(userId, list, run, result);
    }
    if (built > 0) this.providers.log(`built ${built} recurring-list baskets`);
    return built;
  }

  /**
   * Closes the baskets whose cut-off passed and places the due ones; gives back the windows of skipped,
   * paused and failed ones. Answers how many were placed.
   */
  async closeCutOffs(): Promise<number> {
    await this.modules.lists.closeCutOffs();
    let placed = 0;
    for (const run of await this.modules.lists.dueRuns()) {
      const outcome = await runFlow(this.database, this.place, {
        listId: run.listId,
        deliveryDate: run.deliveryDate,
      }).catch((error: unknown) => {
        this.providers.log(`recurring list ${run.listId} not placed yet: ${String(error)}`);
        return null;
      });
      if (!outcome) continue;
      if (outcome.status === 'placed') placed += 1;
      await this.tellPlaced(run, outcome);
    }
    for (const run of await this.modules.lists.skippedHolding()) {
      if (!run.orderFormId) continue;
      await runFlow(this.database, this.release, {
        listId: run.listId,
        deliveryDate: run.deliveryDate,
        orderFormId: run.orderFormId,
      });
    }
    if (placed > 0) this.providers.log(`placed ${placed} recurring-list orders`);
    return placed;
  }

  /** The basket's review page (its delivery day: after the cut-off it tells what became of it). */
  private reviewPath(listId: string, deliveryDate: string): string {
    return `/lista-de-compra/entrega?l=${encodeURIComponent(listId)}&fecha=${deliveryDate}`;
  }

  private async tellBuilt(
    userId: string,
    list: { id: string; name: string },
    run: ListRun,
    result: BuildResult,
  ): Promise<void> {
    const profile = await this.modules.users.profile(userId);
    const link = `${this.providers.publicUrl()}${this.reviewPath(list.id, run.deliveryDate)}`;
    if (result.failure) {
      const why = failureMessages[result.failure];
      await this.tell(userId, profile.email, {
        subject: `No pudimos programar tu compra "${list.name}"`,
        text: [`Hola ${profile.firstName}, ${why}`, `Revisa tu lista: ${link}`].join('\n'),
        title: 'Tu compra programada necesita tu ayuda',
        body: why,
        url: this.reviewPath(list.id, run.deliveryDate),
      });
      return;
    }
    const window = result.window!;
    await this.tell(userId, profile.email, {
      subject: `Tu compra programada "${list.name}" está lista para revisar`,
      text: [
        `Hola ${profile.firstName}, armamos tu compra de la lista "${list.name}" para el ${run.deliveryDate}.`,
        `${result.items} productos por ${formatCLP(result.value)}.`,
        ...(result.missing > 0
          ? [`${result.missing} productos no están disponibles y no se incluyeron.`]
          : []),
        `Te reservamos el horario ${window.startDateUtc} – ${window.endDateUtc}.`,
        `La pediremos con tu tarjeta favorita el ${run.cutOffAt.toISOString()}.`,
        `Revísala, cámbiala, sáltala o paúsala antes de esa hora: ${link}`,
      ].join('\n'),
      title: `Tu compra "${list.name}" está lista`,
      body: `${result.items} productos por ${formatCLP(result.value)}. Revísala antes de que la pidamos.`,
      url: this.reviewPath(list.id, run.deliveryDate),
    });
  }

  private async tellPlaced(run: ListRunRow, outcome: PlaceOutcome): Promise<void> {
    if (outcome.status === 'edited') return;
    const [profile, list] = await Promise.all([
      this.modules.users.profile(run.userId),
      this.modules.lists.ofRun(run.userId, run.listId),
    ]);
    const name = list?.name ?? '';
    if (outcome.status === 'placed') {
      await this.tell(run.userId, profile.email, {
        subject: `Pedimos tu compra programada "${name}"`,
        text: `Hola ${profile.firstName}, pedimos tu compra "${name}" (pedido ${outcome.orderGroup}) por ${formatCLP(outcome.value)} con tu tarjeta favorita.`,
        title: 'Pedimos tu compra programada',
        body: `Pedido ${outcome.orderGroup} por ${formatCLP(outcome.value)}.`,
        url: `/mis-compras/${outcome.orderGroup}-01`,
      });
      return;
    }
    const why = failureMessages[outcome.failure];
    await this.tell(run.userId, profile.email, {
      subject: `No pudimos pedir tu compra programada "${name}"`,
      text: [
        `Hola ${profile.firstName}, no pedimos tu compra "${name}" y no te cobramos nada.`,
        why,
        `${this.providers.publicUrl()}${this.reviewPath(run.listId, run.deliveryDate)}`,
      ].join('\n'),
      title: 'No pudimos pedir tu compra programada',
      body: `${why} No te cobramos nada.`,
      url: this.reviewPath(run.listId, run.deliveryDate),
    });
  }

  /** The e-mail, and a push to the shopper's devices (if any); a push that fails never stops the sweep. */
  private async tell(
    userId: string,
    email: string,
    message: { subject: string; text: string; title: string; body: string; url: string },
  ): Promise<void> {
    await this.providers.mailer.send({ to: email, subject: message.subject, text: message.text });
    await this.providers.push
      .notifyCustomer(userId, { title: message.title, body: message.body, url: message.url, tag: 'list-run' })
      .catch((error: unknown) => this.providers.log(`recurring-list push failed: ${String(error)}`));
  }
}
