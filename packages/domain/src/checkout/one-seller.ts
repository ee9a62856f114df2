/**
 * §4 purchase flow step 2: items of more than one seller are re-applied under one seller before the
 * transaction. The seller is the one of the line added first (the seller the shopper started the cart
 * with); a line of another seller moves to it when it sells that sku too, else it stays with its own (and
 * the order group gets an order per seller, as VTEX splits it). Answers the lines to move, by sku id.
 */
export function reapplyUnderOneSeller(
  lines: readonly { skuId: number; sellerId: string; seq: number }[],
  sells: (skuId: number, sellerId: string) => boolean,
): Map<number, string> {
  const moves = new Map<number, string>();
  if (new Set(lines.map((line) => line.sellerId)).size < 2) return moves;
  const first = lines.reduce((earliest, line) => (line.seq < earliest.seq ? line : earliest));
  for (const line of lines) {
    if (line.sellerId !== first.sellerId && sells(line.skuId, first.sellerId))
      moves.set(line.skuId, first.sellerId);
  }
  return moves;
}
