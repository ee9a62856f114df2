/** A promotion as §3 names it. Money values are integer CLP cents; percentual values are percents (10 = 10 %). */
export type PromotionType = 'regular' | 'for_the_price_of' | 'progressive';
export type DiscountType = 'percentual' | 'nominal';

export interface PromotionExclusions {
  products: string[];
  skus: string[];
  brands: string[];
  categories: string[];
  collections: string[];
  seller: string[];
}

/** What a promotion applies to; an empty list means "any". */
export interface PromotionInclusions {
  products: string[];
  skus: string[];
  brands: string[];
  categories: string[];
  collections: string[];
}

export interface Promotion {
  id: string;
  name: string;
  description: string;
  type: PromotionType;
  discountType: DiscountType;
  /** Percent for percentual, cents off each affected unit for nominal. 0 means inactive (§5). */
  value: number;
  /** for_the_price_of: buy `quantity`, pay `quantity - quantityAffected` (3x2: 3 and 1). progressive: the nth unit gets the discount. */
  quantity: number;
  quantityAffected: number;
  minQuantity: number;
  cumulative: boolean;
  /** Only for payments with the retail-group card. */
  tcenco: boolean;
  /** ISO dates; the promotion is active when start <= now <= end. */
  start: string;
  end: string;
  idsSalesChannel: number[];
  idsSalesChannelExclusive: number[];
  pricePpum: boolean;
  /** false: paused by the chain (kept, never live); absent means active. */
  active?: boolean;
  inclusions: PromotionInclusions;
  exclusions: PromotionExclusions;
}
