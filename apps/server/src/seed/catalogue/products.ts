import { HOUSE_BRAND, type BrandCatalogue } from './brands';
import type { LeafInfo } from './categories';
import { collectionIdsFor } from './collections';
import { describe } from './copy';
import { nutritionTable, warningSeals } from './nutrition';
import { extraPacks, parsePack, priceRatio, type MultipackRule, type Pack } from './packs';
import { offerPercent, pesosInRange, shelfPriceCents } from './pricing';
import { FAMILIES, type FamilyDef, type VarietyDef } from './product-families';
import type { Rng } from '../random';
import { RECIPES } from './recipes';
import { reviewsFor } from './reviews';
import { marketplaceOffersFor } from './sellers';
import { isoDaysFrom, joinWords } from './text';
import { FOOD_CERTIFICATES, slugify } from '@despensa/domain';
import type { FoodCertificate, NutritionTable, SeedProduct, SeedSku } from './types';

/** Sku ids live in their own range so they are never mistaken for product ids. */
export const FIRST_SKU_ID = 1_000_001;
const DEFAULT_CART_LIMIT = 35;
const OFFER_CART_LIMIT = 12;

/** A leaf's family, prepared once: parsed packs, brand ids and how many distinct products it can make. */
interface Family {
  leaf: LeafInfo;
  def: FamilyDef;
  varieties: VarietyDef[];
  packs: Pack[];
  /** Packs of the second stage: widened sizes, or every size as its own single-sku product. */
  extendedPacks: Pack[];
  brandIds: number[];
  brandNames: string[];
  /** Fresh goods are named without their brand, so brands do not multiply their names. */
  brandInName: boolean;
  naturalCount: number;
  extendedCount: number;
}

/** One product to make: null variety/pack means one sku per variety/pack. */
interface Candidate {
  variety: number | null;
  brandSlot: number;
  pack: Pack | null;
  edition: number;
}

export interface ProductStreams {
  order: Rng;
  product: Rng;
  reviews: Rng;
  collections: Rng;
  marketplace: Rng;
  sponsored: Rng;
}

export function buildProducts(
  count: number,
  leaves: readonly LeafInfo[],
  brands: BrandCatalogue,
  now: Date,
  streams: ProductStreams,
): SeedProduct[] {
  const leafNames = new Set(leaves.map((leaf) => leaf.name));
  const orphans = Object.keys(FAMILIES).filter((name) => !leafNames.has(name));
  if (orphans.length > 0) throw new Error(`product families without a leaf category: ${orphans.join(', ')}`);
  const families = leaves.map((leaf) => prepareFamily(leaf, brands));
  // Weighted by assortment size (brands counted even where names omit them), sub-linearly: a leaf with
  // ten times the combinations gets about six times the products.
  const quotas = allocateWithinCapacity(
    count,
    families.map((f) => Math.pow(f.varieties.length * f.brandIds.length * f.packs.length, 0.8)),
    families.map((f) => f.naturalCount + f.extendedCount),
  );
  const builder = new ProductBuilder(brands, now, streams);
  families.forEach((family, index) => {
    const order = candidates(family, streams.order.fork(`leaf-${family.leaf.id}`));
    for (let made = 0; made < quotas[index]!;) {
      if (builder.add(family, order.next().value as Candidate)) made++;
    }
  });
  const products = builder.products;
  const sponsoredCount = Math.min(products.length, Math.max(10, Math.round(products.length * 0.01)));
  for (const index of streams.sponsored.sampleIndices(products.length, sponsoredCount))
    products[index]!.sponsored = true;
  return products;
}

function prepareFamily(leaf: LeafInfo, brands: BrandCatalogue): Family {
  const def = FAMILIES[leaf.name];
  if (!def) throw new Error(`no product family for leaf category '${leaf.name}'`);
  const varieties = def.varieties.map((variety) =>
    typeof variety === 'string' ? { name: variety } : variety,
  );
  const packs = def.packs.map(parsePack);
  const extra = extraPacks(packs, multipackRule(def));
  const extendedPacks = def.skuAxis ? [...packs, ...extra] : extra;
  const brandIds = brands.idsByGroup[def.brands];
  const brandInName = def.kind !== 'fresh';
  const brandSlots = brandInName ? brandIds.length : 1;
  const naturalCount =
    def.skuAxis === 'variety'
      ? brandSlots * packs.length
      : def.skuAxis === 'pack'
        ? varieties.length * brandSlots
        : varieties.length * brandSlots * packs.length;
  return {
    leaf,
    def,
    varieties,
    packs,
    extendedPacks,
    brandIds,
    brandNames: brandIds.map((id) => brands.brands[id - 1]!.name),
    brandInName,
    naturalCount,
    extendedCount: varieties.length * brandSlots * extendedPacks.length,
  };
}

/**
 * A family's own multipacks may hold up to 12 kg or 12 L (a box of twelve 1 L milks); the default 2–4
 * packs hold up to 2 kg or 2 L, so nobody is offered three kilos of mayonnaise. Fresh goods and
 * spirits are not bundled.
 */
function multipackRule(def: FamilyDef): MultipackRule {
  if (def.multipacks) return { multiples: def.multipacks, maxTotalAmount: 12_000 };
  const bundled = def.kind !== 'fresh' && def.kind !== 'alcohol';
  return { multiples: bundled ? [2, 3, 4] : [], maxTotalAmount: 2_000 };
}

/** Splits `total` by weight (largest remainder), optionally giving every positive weight at least one. */
function allocate(total: number, weights: readonly number[], atLeastOne: boolean): number[] {
  const eligible = weights.filter((w) => w > 0).length;
  const base = atLeastOne && total >= eligible ? 1 : 0;
  const rest = total - base * eligible;
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w > 0 ? (rest * w) / sum : 0));
  const quotas = exact.map((e, i) => (weights[i]! > 0 ? base : 0) + Math.floor(e));
  const byRemainder = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .filter(([, i]) => weights[i]! > 0)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  let left = total - quotas.reduce((a, b) => a + b, 0);
  for (let j = 0; left > 0; j++, left--) quotas[byRemainder[j % byRemainder.length]![1]]!++;
  return quotas;
}

/**
 * Every leaf gets at least one product (when there are enough); a leaf whose quota passes what it can
 * name without editions hands the surplus to leaves with room. Only when all are full do editions appear.
 */
function allocateWithinCapacity(
  total: number,
  weights: readonly number[],
  capacities: readonly number[],
): number[] {
  const quotas = allocate(total, weights, true);
  for (;;) {
    let surplus = 0;
    quotas.forEach((quota, i) => {
      if (quota > capacities[i]!) {
        surplus += quota - capacities[i]!;
        quotas[i] = capacities[i]!;
      }
    });
    if (surplus === 0) return quotas;
    const roomy = weights.map((w, i) => (quotas[i]! < capacities[i]! ? w : 0));
    const full = roomy.every((w) => w === 0);
    // With every leaf full, the surplus becomes numbered editions, spread by the original weights.
    allocate(surplus, full ? weights : roomy, false).forEach((extra, i) => (quotas[i]! += extra));
    if (full) return quotas;
  }
}

function naturalCandidate(f: Family, i: number): Candidate {
  const v = f.varieties.length;
  const b = f.brandInName ? f.brandIds.length : 1;
  if (f.def.skuAxis === 'variety')
    return { variety: null, brandSlot: i % b, pack: f.packs[Math.floor(i / b)]!, edition: 0 };
  if (f.def.skuAxis === 'pack')
    return { variety: i % v, brandSlot: Math.floor(i / v), pack: null, edition: 0 };
  return {
    variety: i % v,
    brandSlot: Math.floor(i / v) % b,
    pack: f.packs[Math.floor(i / (v * b))]!,
    edition: 0,
  };
}

function extendedCandidate(f: Family, i: number): Candidate {
  const v = f.varieties.length;
  const b = f.brandInName ? f.brandIds.length : 1;
  return {
    variety: i % v,
    brandSlot: Math.floor(i / v) % b,
    pack: f.extendedPacks[Math.floor(i / (v * b))]!,
    edition: 0,
  };
}

/**
 * A leaf's products in the order they are made: its natural combinations shuffled (certified varieties
 * first, so small catalogues still show every certificate), then widened packs, then numbered editions.
 */
function* candidates(f: Family, rng: Rng): Generator<Candidate, never> {
  const natural = certifiedFirst(f, rng.shuffle(Array.from({ length: f.naturalCount }, (_, i) => i)));
  for (const i of natural) yield naturalCandidate(f, i);
  const extended = rng.shuffle(Array.from({ length: f.extendedCount }, (_, i) => i));
  for (const i of extended) yield extendedCandidate(f, i);
  for (let edition = 2; ; edition++) {
    for (const i of natural) yield { ...naturalCandidate(f, i), edition };
    for (const i of extended) yield { ...extendedCandidate(f, i), edition };
  }
}

function certifiedFirst(f: Family, order: number[]): number[] {
  if (f.def.skuAxis === 'variety') return order;
  let front = 0;
  f.varieties.forEach((variety, v) => {
    if (!variety.certs?.length) return;
    const at = order.findIndex((i, position) => position >= front && naturalCandidate(f, i).variety === v);
    if (at < 0) return;
    [order[front], order[at]] = [order[at]!, order[front]!];
    front++;
  });
  return order;
}

function nameOf(f: Family, c: Candidate): string {
  const edition = c.edition ? `${f.def.kind === 'fresh' ? 'Lote' : 'Edición'} ${c.edition}` : null;
  return joinWords(
    f.def.noun,
    c.variety === null ? null : f.varieties[c.variety]!.name,
    f.brandInName ? f.brandNames[c.brandSlot] : null,
    c.pack && !c.pack.weighed ? c.pack.label : null,
    edition,
  );
}

/** `count` consecutive indices of [0, size), starting anywhere: 2–3 flavours or sizes for a multi-sku product. */
function run(size: number, rng: Rng): number[] {
  const count = Math.min(size, rng.int(2, 3));
  const start = rng.int(0, size - 1);
  return Array.from({ length: count }, (_, k) => (start + k) % size).sort((a, b) => a - b);
}

class ProductBuilder {
  readonly products: SeedProduct[] = [];
  private readonly names = new Set<string>();
  private readonly slugs = new Set<string>();
  /** Items per brand, the last five digits of the EAN before the check digit. */
  private readonly eanItems = new Map<number, number>();
  private nextSkuId = FIRST_SKU_ID;

  constructor(
    private readonly brands: BrandCatalogue,
    private readonly now: Date,
    private readonly streams: ProductStreams,
  ) {}

  /** Makes the candidate's product; false when its name is taken (the caller moves to the next candidate). */
  add(f: Family, c: Candidate): boolean {
    const name = nameOf(f, c);
    if (this.names.has(name)) return false;
    this.names.add(name);
    const rng = this.streams.product;
    const { def } = f;
    const id = this.products.length + 1;
    const brandId = f.brandInName ? f.brandIds[c.brandSlot]! : rng.pick(f.brandIds);
    const brandName = this.brands.brands[brandId - 1]!.name;

    const varietyIndexes = c.variety === null ? run(f.varieties.length, rng) : [c.variety];
    const packs = c.pack === null ? run(f.packs.length, rng).map((p) => f.packs[p]!) : [c.pack];
    const variety = f.varieties[varietyIndexes[0]!]!;
    const pack = packs[0]!;

    const referencePesos = pesosInRange(def.price, this.brands.tierById.get(brandId)!, rng);
    const offer = offerPercent(rng);
    const cartLimit = Math.min(
      def.cartLimit ?? DEFAULT_CART_LIMIT,
      offer > 0 ? OFFER_CART_LIMIT : DEFAULT_CART_LIMIT,
    );
    const skuCandidates: Candidate[] =
      varietyIndexes.length > 1
        ? varietyIndexes.map((v) => ({ ...c, variety: v }))
        : packs.map((p) => ({ ...c, variety: varietyIndexes[0]!, pack: p }));
    const skus = skuCandidates.map((sc) => {
      const skuVariety = f.varieties[sc.variety!]!;
      const pesos = referencePesos * (skuVariety.priceFactor ?? 1) * priceRatio(sc.pack!, f.packs[0]!);
      return this.sku(
        skuCandidates.length === 1 ? name : nameOf(f, sc),
        brandId,
        sc.pack!,
        def,
        shelfPriceCents(pesos),
        offer,
        cartLimit,
      );
    });

    const nutrition = this.nutrition(def, variety, pack, rng);
    const warningSeals_ = def.kind === 'processed' && nutrition ? warningSeals(nutrition) : [];
    const certificates = this.certificates(def, variety, rng);
    const isNew = rng.chance(0.04);
    const releaseDate = isNew
      ? isoDaysFrom(this.now, -rng.int(0, 29))
      : isoDaysFrom(this.now, -rng.int(45, 3 * 365));
    const onlineExclusive = rng.chance(0.03);
    // Pareto-distributed, so a few products dominate OrderByTopSaleDESC as in a real shop.
    const sales = Math.min(
      250_000,
      Math.round((def.popularity ?? 1) * (isNew ? 2 : 6) * Math.pow(1 / (1 - rng.next()), 0.9)),
    );
    const recipe = def.recipe && rng.chance(0.6) ? RECIPES[def.recipe] : null;
    const description = describe(def.kind, def.blurb, brandName, pack.weighed, rng);

    let slug = slugify(name);
    if (this.slugs.has(slug)) slug = `${slug}-${id}`;
    this.slugs.add(slug);

    const product: SeedProduct = {
      id,
      slug,
      name,
      brandId,
      categoryId: f.leaf.id,
      description,
      ingredients:
        def.kind === 'processed' || def.kind === 'basic'
          ? (variety.ingredients ?? def.ingredients ?? null)
          : null,
      nutrition,
      warningSeals: warningSeals_,
      certificates,
      specifications: this.specifications(f, varietyIndexes, packs, brandName, rng),
      recipe,
      recipeSkuIds: [],
      releaseDate,
      releaseEnd: isNew ? isoDaysFrom(new Date(releaseDate), 60) : null,
      isNew,
      onlineExclusive,
      sponsored: false,
      collectionIds: collectionIdsFor(
        {
          topName: f.leaf.top.name,
          subName: f.leaf.sub.name,
          leafName: f.leaf.name,
          kind: def.kind,
          onOffer: offer > 0,
          isNew,
          houseBrand: brandName.startsWith(HOUSE_BRAND),
          hasCertificates: certificates.length > 0,
          hasSeals: warningSeals_.length > 0,
          multipack: packs.some((p) => p.multiple > 1),
        },
        this.streams.collections,
      ),
      sales,
      skus,
      reviews: reviewsFor(def.kind, releaseDate, this.now, this.streams.reviews),
      marketplaceOffers: marketplaceOffersFor(f.leaf.top.name, this.streams.marketplace),
    };
    this.products.push(product);
    return true;
  }

  private sku(
    name: string,
    brandId: number,
    pack: Pack,
    def: FamilyDef,
    basePrice: number,
    offer: number,
    cartLimit: number,
  ): SeedSku {
    const id = this.nextSkuId++;
    const item = (this.eanItems.get(brandId) ?? 0) + 1;
    if (item > 99_999) throw new Error(`brand ${brandId} ran out of EAN item numbers`);
    this.eanItems.set(brandId, item);
    const weighed = pack.weighed;
    return {
      id,
      name,
      // GS1 Chile prefix 780, a four-digit company code per brand, a five-digit item.
      ean: ean13(`780${String(1000 + brandId).padStart(4, '0')}${String(item).padStart(5, '0')}`),
      refId: `DSP${String(id).padStart(8, '0')}`,
      measurementUnit: weighed ? 'kg' : 'un',
      unitMultiplier: weighed ? (def.step ?? 0.5) : 1,
      contentQuantity: pack.contentQuantity,
      contentUnit: pack.contentUnit,
      cartLimit,
      basePrice,
      offerPercent: offer,
    };
  }

  private nutrition(def: FamilyDef, variety: VarietyDef, pack: Pack, rng: Rng): NutritionTable | null {
    if (!def.nutrition || def.kind === 'alcohol' || def.kind === 'nonfood') return null;
    const basis = def.basis ?? (pack.liquid ? '100ml' : '100g');
    const serving = def.serving ?? (basis === '100ml' ? '200 ml' : '100 g');
    return nutritionTable({ ...def.nutrition, ...variety.nutrition }, basis, serving, rng);
  }

  /** The family's and variety's claims, plus kosher/halal on a few single-ingredient foods. */
  private certificates(def: FamilyDef, variety: VarietyDef, rng: Rng): FoodCertificate[] {
    const claims = new Set<FoodCertificate>([...(def.certs ?? []), ...(variety.certs ?? [])]);
    if (def.kind === 'basic') {
      if (rng.chance(0.02)) claims.add('kosher');
      if (rng.chance(0.01)) claims.add('halal');
    }
    return FOOD_CERTIFICATES.filter((certificate) => claims.has(certificate));
  }

  private specifications(
    f: Family,
    varietyIndexes: number[],
    packs: Pack[],
    brandName: string,
    rng: Rng,
  ): Record<string, string> {
    const { def } = f;
    const first = packs[0]!;
    const format = first.weighed ? 'Granel' : (first.format ?? (first.multiple > 1 ? 'Pack' : 'Unidad'));
    const content = first.weighed
      ? 'Venta por kilo'
      : packs.map((p) => (p.format ? p.label.slice(p.format.length + 1) : p.label)).join(' / ');
    const specs: Record<string, string> = { Marca: brandName };
    specs[def.varietyLabel ?? 'Variedad'] = varietyIndexes.map((v) => f.varieties[v]!.name).join(' / ');
    specs['Formato'] = format;
    specs['Contenido'] = content;
    specs['País de origen'] = rng.pick(def.origins ?? ['Chile']);
    specs['Conservación'] = def.conservation ?? 'Mantener en un lugar fresco y seco.';
    for (const [key, values] of Object.entries(def.specs ?? {})) specs[key] = rng.pick(values);
    return specs;
  }
}

/** Appends the EAN-13 check digit to 12 digits: weights 1 and 3 alternating from the left. */
export function ean13(twelveDigits: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelveDigits[i]) * (i % 2 === 0 ? 1 : 3);
  return twelveDigits + ((10 - (sum % 10)) % 10);
}
