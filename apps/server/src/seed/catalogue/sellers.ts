import type { Rng } from '../random';
import type { SeedProduct, SeedSeller } from './types';

export const CHAIN_SELLER_ID = '1';

/** The chain sells everything; invented marketplace shops sell non-perishables in their line. */
export const SELLERS: readonly SeedSeller[] = [
  { id: CHAIN_SELLER_ID, name: 'Despensa', isChain: true },
  { id: '2', name: 'Almacén del Valle', isChain: false },
  { id: '3', name: 'Vinos de la Costa', isChain: false },
  { id: '4', name: 'Mundo Mascota Sur', isChain: false },
  { id: '5', name: 'Comercial Los Andes', isChain: false },
];

/** Marketplace sellers by top category name; departments not listed are perishable and chain-only. */
const SELLERS_BY_TOP: Readonly<Record<string, readonly string[]>> = {
  Despensa: ['2', '5'],
  'Desayuno y Dulces': ['2'],
  'Bebidas y Jugos': ['2', '5'],
  Licores: ['3', '2'],
  Mascotas: ['4', '5'],
  Limpieza: ['5'],
  'Cuidado Personal': ['5'],
  'Bebés y Niños': ['5'],
  Hogar: ['5'],
};

/** Share of eligible products with marketplace offers; eligible departments hold about 60 % of products → ~5 % overall. */
const MARKETPLACE_SHARE = 0.085;

export function marketplaceOffersFor(topName: string, rng: Rng): SeedProduct['marketplaceOffers'] {
  const candidates = SELLERS_BY_TOP[topName];
  if (!candidates || !rng.chance(MARKETPLACE_SHARE)) return [];
  const count = candidates.length > 1 && rng.chance(0.25) ? 2 : 1;
  return candidates.slice(0, count).map((sellerId) => ({
    sellerId,
    priceFactor: Math.round(rng.float(0.9, 1.15) * 100) / 100,
  }));
}
