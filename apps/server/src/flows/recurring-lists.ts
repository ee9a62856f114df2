import { failureMessages } from '@despensa/contracts';
import { formatCLP, type ListRun } from '@despensa/domain';
import type { Database } from '../db/client';
import type { ListRunRow } from '../modules/lists/service';
import type { PushService } from '../modules/push/service';
import type { Mailer } from '../providers/mail/mailer';
import { runFlow } from './flow';
import {
  RunRecordedAlready,
  buildBasketFlow,
  type BuildResult,
  type ListBasketModules,
} from './list-basket-build';
import { placeBasketFlow, releaseBasketFlow, type PlaceOutcome } from './list-basket-place';
import type { Checkout } from './place-order';

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
    private readonly modules: ListBasketModules,
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
