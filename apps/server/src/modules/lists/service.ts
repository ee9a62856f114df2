import { randomUUID } from 'node:crypto';
import {
  Failure,
  failureMessages,
  isFailureCode,
  listRunQuery,
  parseListSkus,
  type FailureCode,
  shoppingListBody,
  type ListRunAnswer,
  type ListSkus,
  type ListSkusAvailability,
  type ShoppingList,
  type ShoppingListBody,
} from '@despensa/contracts';
import { MAX_QUANTITY, basketChangeRefusal, currentListRun, listRunOn, type ListRun } from '@despensa/domain';
import type { Database, Tx } from '../../db/client';
import type { CatalogService } from '../catalog/service';
import { ListsRepo, type ListRunRow, type ShoppingListRow } from './repo';

export type { ListRunRow } from './repo';
import type { ListRunStatus } from './tables';

/** A list's delivery as the list page shows it: when, and what became of it so far. */
export interface ListRunView extends ListRun {
  status: ListRunStatus | 'upcoming';
  orderFormId: string | null;
  windowStart: Date | null;
  orderGroup: string | null;
  failure: string | null;
}

/** A run as the API answers it (ISO times; the failure as the shopper reads it). */
export function runAnswer(run: ListRunView): ListRunAnswer {
  return {
    ...run,
    buildAt: run.buildAt.toISOString(),
    cutOffAt: run.cutOffAt.toISOString(),
    windowStart: run.windowStart?.toISOString() ?? null,
    failure: run.failure && isFailureCode(run.failure) ? failureMessages[run.failure] : run.failure,
  };
}

/** What the recurring-lists flow records of a built basket (or of one it could not build). */
export interface BuiltRun {
  status: 'built' | 'failed';
  orderFormId: string | null;
  basket: Record<string, number>;
  windowStart: Date | null;
  failure: FailureCode | null;
}

/**
 * §3 shopping lists, each the shopper's own: another shopper's list id answers shoppingListNotFound (404),
 * exactly as an id that does not exist.
 */
export class ListsService {
  private readonly repo: ListsRepo;

  constructor(
    database: Database,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
  ) {
    this.repo = new ListsRepo(database.db);
  }

  /** §7: newest first (createdIn descending). */
  async list(userId: string): Promise<ShoppingList[]> {
    return (await this.repo.byUser(userId)).map(toShoppingList);
  }

  async get(userId: string, id: string): Promise<ShoppingList> {
    return toShoppingList(await this.row(userId, id));
  }

  async create(userId: string, input: ShoppingListBody): Promise<ShoppingList> {
    const body = parseBody(input);
    const now = this.clock();
    const row = await this.repo.insert({
      id: randomUUID(),
      userId,
      name: body.name,
      skus: skusOf(body.skus),
      type: 'client',
      createdIn: now,
      updatedAt: now,
      ...scheduleColumns(body.schedule, null, now),
    });
    return toShoppingList(row);
  }

  async update(userId: string, id: string, input: ShoppingListBody): Promise<ShoppingList> {
    const body = parseBody(input);
    const before = await this.row(userId, id);
    const row = await this.repo.update(userId, id, {
      name: body.name,
      skus: skusOf(body.skus),
      updatedAt: this.clock(),
      ...scheduleColumns(body.schedule, before, this.clock()),
    });
    if (!row) throw new Failure('shoppingListNotFound');
    return toShoppingList(row);
  }

  /** The add-to-list dialog: adds units of a sku to a list (capped at the §5 maximum quantity). */
  async addSku(userId: string, id: string, skuId: string, quantity: number): Promise<ShoppingList> {
    const row = await this.row(userId, id);
    const skus = { ...row.skus, [skuId]: Math.min(MAX_QUANTITY, (row.skus[skuId] ?? 0) + quantity) };
    return this.update(userId, id, { name: row.name, skus: JSON.stringify(skus), type: 'client' });
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.repo.remove(userId, id))) throw new Failure('shoppingListNotFound');
  }

  /** §7 which skus can be bought now in the channel; the caller sends them in batches of SKUS_BATCH. */
  availability(skuIds: string[], salesChannel: number): ListSkusAvailability {
    const available: string[] = [];
    const unavailable: string[] = [];
    for (const skuId of skuIds)
      (this.catalog.skuInStock(skuId, salesChannel) ? available : unavailable).push(skuId);
    return { available, unavailable };
  }

  /** The scheduled list's coming delivery and its state; null when not scheduled. */
  async currentRun(userId: string, id: string): Promise<ListRunView | null> {
    const run = runOf(await this.row(userId, id), this.clock());
    if (!run) return null;
    return runView(run, await this.repo.run(id, run.deliveryDate));
  }

  /**
   * One delivery of the shopper's list (a basket's review page): the run of `deliveryDate`, or the coming
   * one without it (listNotScheduled when there is none), recorded or still upcoming; listRunNotFound for a
   * day the list never delivered. Answers the list too, and whether it is scheduled now (not paused).
   */
  async runOn(
    userId: string,
    id: string,
    deliveryDate?: string,
  ): Promise<{ list: ShoppingList; run: ListRunView; scheduled: boolean }> {
    const row = await this.row(userId, id);
    const current = runOf(row, this.clock());
    const date = deliveryDate ?? current?.deliveryDate;
    if (!date) throw new Failure('listNotScheduled');
    const recorded = await this.repo.run(id, date);
    if (!recorded && current?.deliveryDate !== date) throw new Failure('listRunNotFound');
    const run = current?.deliveryDate === date ? current : listRunOn(date);
    return {
      list: toShoppingList(row),
      run: runView(recorded ? { ...run, cutOffAt: recorded.cutOffAt } : run, recorded),
      scheduled: row.scheduleStatus === 1,
    };
  }

  /**
   * Locks a built basket's run for a change in the flow's transaction `tx` (its placement waits for it),
   * refusing one that may no longer change (domain basketChangeRefusal: past its cut-off, skipped, failed,
   * paused, not built yet).
   */
  async lockChangeableRun(
    userId: string,
    id: string,
    deliveryDate: string,
    tx: Tx,
  ): Promise<ListRunRow & { orderFormId: string }> {
    const row = await this.row(userId, id);
    const now = this.clock();
    const current = runOf(row, now);
    const locked = await this.repo.lockRun(id, deliveryDate, tx);
    if (!locked) {
      const cutOffAt = listRunOn(deliveryDate).cutOffAt;
      if (current?.deliveryDate !== deliveryDate && cutOffAt > now) throw new Failure('listRunNotFound');
      const refusal = basketChangeRefusal({ status: 'upcoming', cutOffAt }, row.scheduleStatus === 1, now);
      throw new Failure(refusal ?? 'listBasketNotBuilt');
    }
    const refusal = basketChangeRefusal(locked, row.scheduleStatus === 1, now);
    if (refusal) throw new Failure(refusal);
    if (!locked.orderFormId) throw new Failure('listRunFailed');
    return { ...locked, orderFormId: locked.orderFormId };
  }

  /** A built basket changed from its review page: what it holds now is what the cut-off places. */
  async recordBasketChange(
    listId: string,
    deliveryDate: string,
    basket: Record<string, number>,
    tx: Tx,
  ): Promise<void> {
    await this.repo.setRun(listId, deliveryDate, { basket, updatedAt: this.clock() }, tx);
  }

  /** Pauses a scheduled list (status 2: no basket is built or placed) or resumes a paused one (1). */
  async setScheduleStatus(userId: string, id: string, status: 1 | 2): Promise<ShoppingList> {
    const row = await this.row(userId, id);
    if (row.scheduleStatus === 0) throw new Failure('listNotScheduled');
    const schedule = { status, frequency: row.scheduleFrequency, deliveryDay: row.scheduleDeliveryDay };
    const updated = await this.repo.update(userId, id, {
      updatedAt: this.clock(),
      ...scheduleColumns(schedule as ShoppingListBody['schedule'], row, this.clock()),
    });
    return toShoppingList(updated!);
  }

  /**
   * The shopper skips the coming delivery (before its cut-off): no basket is placed for it. With
   * `deliveryDate` (the review page's), only that delivery: once its cut-off passed, the coming one is
   * another, and skipping is refused (listRunClosed).
   */
  async skipRun(userId: string, id: string, deliveryDate?: string): Promise<ListRunView> {
    if (!listRunQuery.safeParse({ deliveryDate }).success) throw new Failure('invalidInput');
    const run = runOf(await this.row(userId, id), this.clock());
    if (!run) throw new Failure('listNotScheduled');
    if (deliveryDate !== undefined && deliveryDate !== run.deliveryDate) {
      const recorded = await this.repo.run(id, deliveryDate);
      const cutOffAt = recorded?.cutOffAt ?? listRunOn(deliveryDate).cutOffAt;
      throw new Failure(cutOffAt <= this.clock() ? 'listRunClosed' : 'listRunNotFound');
    }
    const skipped = { status: 'skipped' as const, updatedAt: this.clock() };
    const inserted = await this.repo.insertRun({
      listId: id,
      deliveryDate: run.deliveryDate,
      userId,
      cutOffAt: run.cutOffAt,
      orderFormId: null,
      ...skipped,
    });
    if (!inserted) await this.repo.setRun(id, run.deliveryDate, skipped);
    return (await this.currentRun(userId, id))!;
  }

  /** For the recurring-lists job: scheduled lists whose basket is due to be built now and is not yet. */
  async basketsToBuild(): Promise<{ list: ShoppingList; userId: string; run: ListRun }[]> {
    const now = this.clock();
    const due: { list: ShoppingList; userId: string; run: ListRun }[] = [];
    for (const row of await this.repo.scheduled()) {
      const run = runOf(row, now);
      if (!run || run.buildAt > now || (await this.repo.run(row.id, run.deliveryDate))) continue;
      due.push({ list: toShoppingList(row), userId: row.userId, run });
    }
    return due;
  }

  /**
   * Records a built basket once, in the flow's transaction; false when it was recorded already (another
   * instance, a skip): the insert waits for the other's commit, then does nothing.
   */
  recordBuilt(
    userId: string,
    listId: string,
    run: Pick<ListRun, 'deliveryDate' | 'cutOffAt'>,
    built: BuiltRun,
    tx: Tx,
  ): Promise<boolean> {
    return this.repo.insertRun(
      {
        listId,
        deliveryDate: run.deliveryDate,
        userId,
        ...built,
        cutOffAt: run.cutOffAt,
        updatedAt: this.clock(),
      },
      tx,
    );
  }

  /** Runs whose cut-off passed with the basket wanted, to be placed (closeCutOffs marks them). */
  dueRuns(): Promise<ListRunRow[]> {
    return this.repo.due();
  }

  /** A due run for the flow that places it, locked in `tx`; null when another instance has it or did it. */
  lockDueRun(listId: string, deliveryDate: string, tx: Tx): Promise<ListRunRow | null> {
    return this.repo.lockDue(listId, deliveryDate, tx);
  }

  /** What became of a due run: placed (its order group), edited, or failed (why). */
  async recordOutcome(
    listId: string,
    deliveryDate: string,
    outcome: { status: 'placed' | 'edited' | 'failed'; orderGroup?: string; failure?: FailureCode },
    tx: Tx,
  ): Promise<void> {
    await this.repo.setRun(listId, deliveryDate, { ...outcome, updatedAt: this.clock() }, tx);
  }

  /** The list a run belongs to, for telling its shopper (null once deleted). */
  async ofRun(userId: string, listId: string): Promise<ShoppingList | null> {
    const row = await this.repo.one(userId, listId);
    return row ? toShoppingList(row) : null;
  }

  /**
   * Built baskets: those of lists paused, unscheduled or deleted since are 'skipped' at once (their window
   * goes back); those past their cut-off with the list still scheduled become 'due' (dueRuns then answers
   * the ones to place).
   */
  async closeCutOffs(): Promise<void> {
    const now = this.clock();
    for (const run of await this.repo.built()) {
      const list = await this.repo.one(run.userId, run.listId);
      const status = list?.scheduleStatus !== 1 ? 'skipped' : run.cutOffAt <= now ? 'due' : null;
      if (status) await this.repo.setRun(run.listId, run.deliveryDate, { status, updatedAt: now });
    }
  }

  /** Skipped or failed runs whose basket still holds a window, for the flow that gives it back. */
  skippedHolding(): Promise<ListRunRow[]> {
    return this.repo.skippedHolding();
  }

  /** The skipped run's window was given back, in the flow's transaction. */
  async windowGivenBack(listId: string, deliveryDate: string, tx: Tx): Promise<void> {
    await this.repo.setRun(listId, deliveryDate, { windowStart: null, updatedAt: this.clock() }, tx);
  }

  private async row(userId: string, id: string): Promise<ShoppingListRow> {
    const row = await this.repo.one(userId, id);
    if (!row) throw new Failure('shoppingListNotFound');
    return row;
  }
}

/** The web calls in process, past the route's validation: bad input is a 400, never a 500. */
function parseBody(input: ShoppingListBody) {
  const parsed = shoppingListBody.safeParse(input);
  if (!parsed.success) throw new Failure('invalidInput');
  return parsed.data;
}

function skusOf(raw: string): ListSkus {
  const skus = parseListSkus(raw);
  if (!skus) throw new Failure('invalidListSkus', { field: 'body.skus' });
  return skus;
}

/** A schedule (re)started, or moved to another day or frequency, counts its runs from now. */
function scheduleColumns(schedule: ShoppingListBody['schedule'], before: ShoppingListRow | null, now: Date) {
  if (!schedule) return {};
  const restarted =
    schedule.status === 1 &&
    (!before ||
      before.scheduleStatus !== 1 ||
      before.scheduleFrequency !== schedule.frequency ||
      before.scheduleDeliveryDay !== schedule.deliveryDay ||
      !before.scheduleSince);
  return {
    scheduleStatus: schedule.status,
    scheduleFrequency: schedule.frequency,
    scheduleDeliveryDay: schedule.deliveryDay,
    ...(restarted ? { scheduleSince: now } : {}),
  };
}

/** A run as the list page shows it: its times, and what its record says became of it (upcoming without one). */
function runView(run: ListRun, recorded: ListRunRow | undefined): ListRunView {
  return {
    ...run,
    status: recorded?.status ?? 'upcoming',
    orderFormId: recorded?.orderFormId ?? null,
    windowStart: recorded?.windowStart ?? null,
    orderGroup: recorded?.orderGroup ?? null,
    failure: recorded?.failure ?? null,
  };
}

function runOf(row: ShoppingListRow, now: Date): ListRun | null {
  if (row.scheduleStatus !== 1 || !row.scheduleSince) return null;
  return currentListRun(
    { frequency: row.scheduleFrequency, deliveryDay: row.scheduleDeliveryDay },
    row.scheduleSince,
    now,
  );
}

function toShoppingList(row: ShoppingListRow): ShoppingList {
  return {
    id: row.id,
    DocumentId: row.id,
    name: row.name,
    skus: JSON.stringify(row.skus),
    type: 'client',
    createdIn: row.createdIn.toISOString(),
    schedule: {
      status: row.scheduleStatus as ShoppingList['schedule']['status'],
      frequency: row.scheduleFrequency,
      deliveryDay: row.scheduleDeliveryDay,
    },
  };
}
