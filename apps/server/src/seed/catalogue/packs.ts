import type { SeedSku } from './types';

/** A parsed pack label such as '1 L', 'Lata 470 cc', '6 x 350 cc', 'Bandeja 500 g' or 'granel'. */
export interface Pack {
  /** As written after the product name; '' for weighed items, which are sold by the kilo. */
  label: string;
  weighed: boolean;
  /** The packaging word in front of the size ('Lata', 'Doypack', 'Malla'…), or null. */
  format: string | null;
  /** Units in one pack: 6 for '6 x 350 cc'. */
  multiple: number;
  /** Size of one unit in g, ml, un or m (kg and L converted); 0 for labels that are not a size ('Talla M'). */
  unitAmount: number;
  dimension: 'measure' | 'count' | 'length' | 'none';
  /** Volumes carry nutrition per 100 ml and the liquid seal limits. */
  liquid: boolean;
  contentQuantity: number;
  contentUnit: SeedSku['contentUnit'];
  /** The unit as written ('cc', 'porciones'…), so widened sizes read like the family's own. */
  unitWord: string;
}

export const WEIGHED = 'granel';

const UNITS: Record<
  string,
  { unit: SeedSku['contentUnit']; factor: number; dimension: Pack['dimension']; liquid: boolean }
> = {
  g: { unit: 'g', factor: 1, dimension: 'measure', liquid: false },
  kg: { unit: 'kg', factor: 1000, dimension: 'measure', liquid: false },
  ml: { unit: 'ml', factor: 1, dimension: 'measure', liquid: true },
  cc: { unit: 'ml', factor: 1, dimension: 'measure', liquid: true },
  L: { unit: 'l', factor: 1000, dimension: 'measure', liquid: true },
  un: { unit: 'un', factor: 1, dimension: 'count', liquid: false },
  porciones: { unit: 'un', factor: 1, dimension: 'count', liquid: false },
  porción: { unit: 'un', factor: 1, dimension: 'count', liquid: false },
  m: { unit: 'm', factor: 1, dimension: 'length', liquid: false },
};

/** [format words] [N x] size unit — format words never contain digits, so '3 x 200 ml' is a multipack. */
const PACK_PATTERN =
  /^(?:([^\d ][^\d]*?) )?(?:(\d+) x )?(\d+(?:,\d+)?) (g|kg|ml|cc|L|un|porciones|porción|m)$/;

const cache = new Map<string, Pack>();

export function parsePack(label: string): Pack {
  const cached = cache.get(label);
  if (cached) return cached;
  const pack = parseUncached(label);
  cache.set(label, pack);
  return pack;
}

function parseUncached(label: string): Pack {
  if (label === WEIGHED) {
    const kilo = {
      weighed: true,
      format: null,
      multiple: 1,
      unitAmount: 1000,
      dimension: 'measure',
    } as const;
    return { ...kilo, label: '', liquid: false, contentQuantity: 1, contentUnit: 'kg', unitWord: 'kg' };
  }
  const match = PACK_PATTERN.exec(label);
  if (!match) {
    // A variant such as 'Talla M': one unit, not comparable by size.
    const base = { weighed: false, format: null, multiple: 1, unitAmount: 0, dimension: 'none' } as const;
    return { ...base, label, liquid: false, contentQuantity: 1, contentUnit: 'un', unitWord: 'un' };
  }
  const [, format, times, size, unitName] = match;
  const unit = UNITS[unitName!]!;
  const multiple = times ? Number(times) : 1;
  const quantity = Number(size!.replace(',', '.'));
  return {
    label,
    weighed: false,
    format: format ?? null,
    multiple,
    unitAmount: quantity * unit.factor,
    dimension: unit.dimension,
    liquid: unit.liquid,
    contentQuantity: Math.round(quantity * multiple * 1000) / 1000,
    contentUnit: unit.unit,
    unitWord: unitName!,
  };
}

/**
 * Price of `pack` relative to `reference`: bigger packs cost less per unit (exponent 0.85), multipacks
 * a little less than the units bought one by one; sizes of different kinds are not compared.
 */
export function priceRatio(pack: Pack, reference: Pack): number {
  if (pack.dimension !== reference.dimension || pack.unitAmount === 0 || reference.unitAmount === 0) return 1;
  const perUnit = Math.pow(pack.unitAmount / reference.unitAmount, 0.85);
  const multiples = pack.multiple / reference.multiple;
  return perUnit * multiples * (multiples > 1 ? 0.95 : 1);
}

/** Sizes shops really stock, used to widen a family's range when a big catalogue needs more products. */
const LADDERS: Record<'measure' | 'count' | 'length', readonly number[]> = {
  measure: [
    50, 80, 100, 120, 150, 180, 200, 250, 300, 350, 400, 450, 500, 600, 700, 750, 800, 900, 1000, 1500, 2000,
    2500, 3000, 4000, 5000, 8000, 10000, 15000, 20000,
  ],
  count: [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20, 24, 30, 36, 40, 48, 50, 60, 80, 100, 120],
  length: [5, 7, 10, 15, 20, 25, 30, 40, 50, 100],
};

/** Multipacks a family may use to widen a big catalogue, and the most a bundle may hold in all (g or ml). */
export interface MultipackRule {
  multiples: readonly number[];
  maxTotalAmount: number;
}

/**
 * More packs for a family whose natural combinations run out: other real sizes near the family's own
 * (a third to three times the size; half to double for a container such as a can), then multipacks of its small packs. Never repeats a
 * natural pack.
 */
export function extraPacks(natural: readonly Pack[], multipacks: MultipackRule): Pack[] {
  const singles = natural.filter((p) => !p.weighed && p.multiple === 1 && p.dimension !== 'none');
  const reference = singles[0];
  if (!reference || reference.dimension === 'none') return [];
  const sameKind = singles.filter(
    (p) => p.dimension === reference.dimension && p.liquid === reference.liquid,
  );
  // A container (Lata, Sobre, Bandeja…) only comes in nearby sizes; loose sizes range wider.
  const spread = reference.format ? 2 : 3;
  const min = Math.min(...sameKind.map((p) => p.unitAmount)) / spread;
  const max = Math.max(...sameKind.map((p) => p.unitAmount)) * spread;
  const taken = new Set(natural.map((p) => `${p.multiple}x${p.unitAmount}`));
  const useCc = natural.some((p) => / cc$/.test(p.label));
  const ladder = LADDERS[reference.dimension as keyof typeof LADDERS]
    .filter((amount) => amount >= min && amount <= max && !taken.has(`1x${amount}`))
    .sort(
      (a, b) => Math.abs(Math.log(a / reference.unitAmount)) - Math.abs(Math.log(b / reference.unitAmount)),
    )
    .slice(0, 12)
    .map((amount) => parsePack(sizeLabel(reference, amount, useCc)));
  const bundles = sameKind
    .filter((p) => p.dimension === 'measure')
    .flatMap((p) =>
      multipacks.multiples
        .filter((n) => n * p.unitAmount <= multipacks.maxTotalAmount && !taken.has(`${n}x${p.unitAmount}`))
        .map((n) => parsePack(`Pack ${n} x ${sizeLabel({ ...p, format: null }, p.unitAmount, useCc)}`)),
    );
  return [...ladder, ...bundles];
}

function sizeLabel(like: Pack, amount: number, useCc: boolean): string {
  const prefix = like.format ? `${like.format} ` : '';
  const decimal = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');
  if (like.dimension === 'count') return `${prefix}${amount} ${countWord(like.unitWord, amount)}`;
  if (like.dimension === 'length') return `${prefix}${amount} m`;
  if (like.liquid)
    return amount >= 1000
      ? `${prefix}${decimal(amount / 1000)} L`
      : `${prefix}${amount} ${useCc ? 'cc' : 'ml'}`;
  return amount >= 1000 ? `${prefix}${decimal(amount / 1000)} kg` : `${prefix}${amount} g`;
}

/** 'un' stays 'un'; portions agree in number ('1 porción', '10 porciones'). */
function countWord(unitWord: string, amount: number): string {
  if (!unitWord.startsWith('porci')) return 'un';
  return amount === 1 ? 'porción' : 'porciones';
}
