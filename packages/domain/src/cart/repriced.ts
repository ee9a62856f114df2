/** A cart line as a channel change sees it: its unit price (what the cart charges for one) and whether it sells. */
export interface CartPriceLine {
  id: string;
  name: string;
  imageUrl: string;
  /** Cents: the line's selling price for one unit (one weighed step priced per kg). */
  price: number;
  available: boolean;
}

export interface RepricedLine {
  id: string;
  name: string;
  imageUrl: string;
  oldPrice: number;
  newPrice: number;
}

/**
 * §4 channel change re-prices the items: the lines the new channel still sells at another price, with
 * the price before and after, so the shopper is told what changed (issue #17), as the lost-products
 * dialog tells what it no longer sells. Lines lost, added or unchanged are not repriced.
 */
export function repricedLines(
  before: readonly CartPriceLine[],
  after: readonly CartPriceLine[],
): RepricedLine[] {
  const old = new Map(
    before.filter((line) => line.available && line.price > 0).map((line) => [line.id, line]),
  );
  return after.flatMap((line) => {
    const was = old.get(line.id);
    if (!was || !line.available || line.price <= 0 || line.price === was.price) return [];
    return [
      { id: line.id, name: line.name, imageUrl: line.imageUrl, oldPrice: was.price, newPrice: line.price },
    ];
  });
}
