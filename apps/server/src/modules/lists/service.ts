import { randomUUID } from 'node:crypto';
import {
  Failure,
  parseListSkus,
  shoppingListBody,
  type ListSkus,
  type ListSkusAvailability,
  type ShoppingList,
  type ShoppingListBody,
} from '@despensa/contracts';
import { MAX_QUANTITY } from '@despensa/domain';
import type { Database } from '../../db/client';
import type { CatalogService } from '../catalog/service';
import { ListsRepo, type ShoppingListRow } from './repo';

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
      ...scheduleColumns(body.schedule),
    });
    return toShoppingList(row);
  }

  async update(userId: string, id: string, input: ShoppingListBody): Promise<ShoppingList> {
    const body = parseBody(input);
    const row = await this.repo.update(userId, id, {
      name: body.name,
      skus: skusOf(body.skus),
      updatedAt: this.clock(),
      ...scheduleColumns(body.schedule),
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

function scheduleColumns(schedule: ShoppingListBody['schedule']) {
  if (!schedule) return {};
  return {
    scheduleStatus: schedule.status,
    scheduleFrequency: schedule.frequency,
    scheduleDeliveryDay: schedule.deliveryDay,
  };
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
