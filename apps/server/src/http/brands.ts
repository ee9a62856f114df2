import type { FastifyRequest } from 'fastify';
import type { BrandConfig } from '@despensa/contracts';
import { CHAIN_SELLER_ID } from '@despensa/domain';
import type { Config } from '../config';

/** The chain's brand and the other brands it serves, each on its own host (§1 white-label). */
export interface Brands {
  chain: BrandConfig;
  byHost: Map<string, BrandConfig>;
  /** The brand's name for the host a request came to. */
  nameOf(request: FastifyRequest): string;
  /** The name of the brand that sells for this seller (the chain's for its own seller). */
  bySeller(sellerId: string): string | undefined;
}

export function brandsOf(config: Config): Brands {
  const chain: BrandConfig = {
    name: config.BRAND_NAME,
    logoUrl: config.BRAND_LOGO_URL,
    primaryColor: config.BRAND_PRIMARY_COLOR,
    secondaryColor: config.BRAND_SECONDARY_COLOR,
    helpPhone: config.HELP_PHONE,
    noCoverageVariant: config.BRAND_NO_COVERAGE_VARIANT,
    sellerId: CHAIN_SELLER_ID,
  };
  // §1 white-label: each other brand takes what it does not set from the chain's.
  const byHost = new Map(
    Object.entries(config.BRAND_HOSTS).map(([host, brand]) => [host, { ...chain, ...brand }]),
  );
  const brands = [chain, ...byHost.values()];
  return {
    chain,
    byHost,
    nameOf: (request) => (byHost.get(request.hostname) ?? chain).name,
    bySeller: (sellerId) => brands.find((brand) => brand.sellerId === sellerId)?.name,
  };
}
