import type { StoreListItem } from '@despensa/contracts';

export interface RegionGroup {
  region: string;
  comunas: { comuna: string; stores: StoreListItem[] }[];
}

/** Stores (already ordered by region and comuna) grouped for the locator: region → comuna → stores. */
export function groupStores(stores: StoreListItem[]): RegionGroup[] {
  const regions: RegionGroup[] = [];
  for (const store of stores) {
    let region = regions.at(-1);
    if (region?.region !== store.region) {
      region = { region: store.region, comunas: [] };
      regions.push(region);
    }
    let comuna = region.comunas.at(-1);
    if (comuna?.comuna !== store.comuna) {
      comuna = { comuna: store.comuna, stores: [] };
      region.comunas.push(comuna);
    }
    comuna.stores.push(store);
  }
  return regions;
}
