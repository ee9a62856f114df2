import type { OrderFormItem } from '@despensa/contracts';

export interface CartGroup {
  category: string;
  lines: OrderFormItem[];
}

/** Lines grouped by their top category, groups in the order their first line appears. */
export function groupByCategory(lines: OrderFormItem[]): CartGroup[] {
  const groups = new Map<string, OrderFormItem[]>();
  for (const line of lines) {
    const topId = line.productCategoryIds.split('/').find(Boolean);
    const category = (topId && line.productCategories[topId]) || 'Otros productos';
    groups.set(category, [...(groups.get(category) ?? []), line]);
  }
  return [...groups].map(([category, grouped]) => ({ category, lines: grouped }));
}
