import { DO_NOT_SUBSTITUTE } from '../constants';
import { lineAmount, realWeightAmount } from '../pricing/amounts';

/** What became of an ordered line while the store picked it. */
export type LineState = 'pending' | 'picked' | 'missing' | 'replaced';
/** The shopper's answer to a proposed replacement; 'kept' is the default applied when picking ended unanswered. */
export type ReplacementAnswer = 'pending' | 'approved' | 'rejected' | 'kept';

export interface FulfilmentLine {
  quantity: number;
  /** Per unit, or per kg of a weighed item (§3). */
  sellingPrice: number;
  /** What the line cost at checkout (priceDefinition.total); absent on lines placed before it was kept. */
  total?: number | null | undefined;
  measurementUnit: string;
  unitMultiplier: number;
  substituteType: number;
  state: LineState;
  /** Weighed items: the weight put in the bag, in grams. */
  realGrams: number | null;
  replacement: { total: number; answer: ReplacementAnswer } | null;
}

/** The line's final amount: what the bag holds (a missing or rejected line is refunded in full). */
export function finalLineTotal(line: FulfilmentLine): number {
  switch (line.state) {
    case 'pending':
    case 'picked':
      return line.realGrams === null ? lineAmount(line) : realWeightAmount(line, line.realGrams);
    case 'missing':
      return 0;
    case 'replaced':
      return line.replacement && line.replacement.answer !== 'rejected' ? line.replacement.total : 0;
  }
}

/** §4: a replacement may be proposed only for a line whose preference is not 'no sustituir' (id 2). */
export function substitutionAllowed(substituteType: number): boolean {
  return substituteType !== DO_NOT_SUBSTITUTE;
}

/**
 * The default when picking ends with a proposal unanswered: the store criterion (id 6) keeps the
 * replacement; no proposal can exist for 'no sustituir'.
 */
export function unansweredDefault(substituteType: number): ReplacementAnswer {
  return substitutionAllowed(substituteType) ? 'kept' : 'rejected';
}

/**
 * The order's final total. The stated rule: the shopper never pays more than the amount authorised at
 * checkout. When real weights or replacements make the order dearer, the rise is capped at the authorised
 * amount (the store absorbs `capped`); when cheaper, the difference is refunded (`refunded`).
 */
export function finalOrderTotal(
  authorised: number,
  lines: FulfilmentLine[],
): { total: number; capped: number; refunded: number } {
  const change = lines.reduce((sum, line) => sum + finalLineTotal(line) - lineAmount(line), 0);
  const computed = authorised + change;
  const total = Math.min(computed, authorised);
  return { total, capped: computed - total, refunded: authorised - total };
}
