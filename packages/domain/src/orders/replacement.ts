import type { LineState, ReplacementAnswer } from './fulfilment';

interface LineWithReplacement<R extends { answer: ReplacementAnswer }> {
  state: LineState;
  replacement: R | null;
}

/**
 * The replacement that goes in the bag instead of the ordered product: one proposed and not rejected
 * (approved, or unanswered, which the store criterion keeps).
 */
export function replacementInBag<R extends { answer: ReplacementAnswer }>(
  line: LineWithReplacement<R>,
): R | null {
  return line.state === 'replaced' && line.replacement && line.replacement.answer !== 'rejected'
    ? line.replacement
    : null;
}

/**
 * 'Recogido': the picker put in the bag what the line holds. A replacement in the bag stays, with its
 * product and price; otherwise (none, or the shopper rejected it) the ordered product is picked.
 */
export function pickedLine<L extends LineWithReplacement<{ answer: ReplacementAnswer }>>(line: L): L {
  return replacementInBag(line) ? line : { ...line, state: 'picked', replacement: null };
}

/** Why an order came out dearer than authorised: which kinds of line rose above their estimate. */
export interface PriceRise {
  weight: boolean;
  replacement: boolean;
}

/** The causes of a rise, for the text that explains a capped total (a weight is not a replacement). */
export function priceRiseOf(
  lines: (LineWithReplacement<{ answer: ReplacementAnswer }> & {
    weighed: boolean;
    total: number;
    estimatedTotal: number;
  })[],
): PriceRise {
  const rose = lines.filter((line) => line.total > line.estimatedTotal);
  return {
    replacement: rose.some((line) => replacementInBag(line) !== null),
    weight: rose.some((line) => line.weighed && replacementInBag(line) === null),
  };
}
