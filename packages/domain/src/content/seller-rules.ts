/**
 * §6 seller rules: a content item may name the sellers it is for (`include`) or not for (`exclude`), so one
 * CMS serves the chain's storefront and a white-label seller's (§1) from the same documents.
 */
export interface SellerRule {
  include?: string[];
  exclude?: string[];
}

/** Whether an item with this rule shows on the storefront of `sellerId` (no rule: everywhere). */
export function isShownToSeller(rule: SellerRule | undefined, sellerId: string): boolean {
  if (!rule) return true;
  if (rule.include && !rule.include.includes(sellerId)) return false;
  return !rule.exclude?.includes(sellerId);
}

/**
 * A CMS document as the storefront of `sellerId` sees it: every list item whose `sellers` rule leaves that
 * seller out is dropped, at any depth (home sections, menu entries, banners, footer links).
 */
export function contentForSeller<T>(document: T, sellerId: string): T {
  return strip(document, sellerId) as T;
}

function strip(value: unknown, sellerId: string): unknown {
  if (Array.isArray(value))
    return value
      .filter((item) => isShownToSeller(ruleOf(item), sellerId))
      .map((item) => strip(item, sellerId));
  if (value && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) copy[key] = strip(field, sellerId);
    return copy;
  }
  return value;
}

function ruleOf(item: unknown): SellerRule | undefined {
  if (!item || typeof item !== 'object' || !('sellers' in item)) return undefined;
  const rule = (item as { sellers: unknown }).sellers;
  if (!rule || typeof rule !== 'object') return undefined;
  const list = (field: unknown) =>
    Array.isArray(field) ? field.filter((id): id is string => typeof id === 'string') : undefined;
  const fields = rule as Record<string, unknown>;
  const include = list(fields.include);
  const exclude = list(fields.exclude);
  return { ...(include && { include }), ...(exclude && { exclude }) };
}
