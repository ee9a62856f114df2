import { parseListSkus, type ShoppingList } from '@despensa/contracts';

/** A list in the lists page and the add-to-list dialog. */
export interface ListSummary {
  id: string;
  name: string;
  /** How many products it holds. */
  count: number;
  schedule: ShoppingList['schedule'];
}

export function summarizeList(list: ShoppingList): ListSummary {
  return {
    id: list.id,
    name: list.name,
    count: Object.keys(parseListSkus(list.skus) ?? {}).length,
    schedule: list.schedule,
  };
}
