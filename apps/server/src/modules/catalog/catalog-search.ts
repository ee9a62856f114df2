import { searchRedirect } from '@despensa/domain';
import type {
  FacetKey,
  FacetsResponse,
  OrderBy,
  Product,
  SearchResponse,
  SelectedFacet,
} from '@despensa/contracts';
import type { CatalogIndex, ProductDoc } from './catalog-index';
import { facetsFromPath, tradePolicy } from './listing-path';

export interface ListingPage {
  products: Product[];
  total: number;
  from: number;
  to: number;
  redirect: string | null;
  misspelled: boolean;
}

const FACET_NAMES: Record<FacetKey, string> = {
  'category-1': 'Categoría',
  'category-2': 'Subcategoría',
  'category-3': 'Tipo de producto',
  brand: 'Marca',
  price: 'Precio',
  certificate: 'Certificaciones',
  seal: 'Sellos',
  offer: 'Ofertas',
  productClusterIds: 'Colección',
  seller: 'Vendido por',
  ft: 'Búsqueda',
  'trade-policy': 'Canal de venta',
};

/** Catalogue search: listings by URL path, term and facets, and the facets with their counts. */
export class CatalogSearch {
  constructor(
    private readonly indexOf: () => CatalogIndex,
    private readonly view: (product: ProductDoc, salesChannel: number) => Product,
  ) {}

  /** The legacy list-by-URL search: path segments are categories, or else a search term. */
  listByPath(
    path: string,
    options: {
      ft?: string;
      page: number;
      pageSize: number;
      salesChannel: number;
      orderBy?: OrderBy;
      brands?: string[];
    },
  ): ListingPage {
    const { facets, text } = facetsFromPath(this.indexOf(), path);
    const term = [text, options.ft].filter(Boolean).join(' ');
    const redirect = term ? searchRedirect(term) : null;
    for (const brand of options.brands ?? []) facets.push({ key: 'brand', value: brand });
    const result = this.indexOf().listing({
      salesChannel: options.salesChannel,
      text: term,
      facets,
      ...(options.orderBy ? { orderBy: options.orderBy } : {}),
      page: options.page,
      pageSize: options.pageSize,
    });
    const from = (options.page - 1) * options.pageSize;
    return {
      products: result.docs.map((product) => this.view(product, options.salesChannel)),
      total: result.total,
      from,
      to: Math.max(from, from + result.docs.length - 1),
      redirect,
      misspelled: result.misspelled,
    };
  }

  search(
    path: string,
    body: { selectedFacets: SelectedFacet[]; orderBy?: OrderBy | undefined; query?: string | undefined },
    options: {
      page: number;
      pageSize: number;
      salesChannel: number;
      /** §6 clusterSearch: the new backend's ranking puts these skus' products first (ListingQuery). */
      preferredSkus?: readonly string[] | null | undefined;
    },
  ): SearchResponse {
    const { facets, text } = facetsFromPath(this.indexOf(), path);
    const term = [text, body.query].filter(Boolean).join(' ');
    const salesChannel = tradePolicy(body.selectedFacets) ?? options.salesChannel;
    const allText = [term, ...body.selectedFacets.filter((f) => f.key === 'ft').map((f) => f.value)]
      .join(' ')
      .trim();
    const result = this.indexOf().listing({
      salesChannel,
      text: term,
      facets: [...facets, ...body.selectedFacets],
      ...(body.orderBy ? { orderBy: body.orderBy } : {}),
      ...(options.preferredSkus ? { preferredSkus: options.preferredSkus } : {}),
      page: options.page,
      pageSize: options.pageSize,
    });
    return {
      recordsFiltered: result.total,
      products: result.docs.map((product) => this.view(product, salesChannel)),
      page: options.page,
      pageSize: options.pageSize,
      correction: { misspelled: result.misspelled },
      redirect: allText ? searchRedirect(allText) : null,
    };
  }

  facets(
    path: string,
    selectedFacets: SelectedFacet[],
    salesChannel: number,
    query?: string,
  ): FacetsResponse {
    const { facets, text } = facetsFromPath(this.indexOf(), path);
    const selected = [...facets, ...selectedFacets];
    const channel = tradePolicy(selectedFacets) ?? salesChannel;
    const { counts, total } = this.indexOf().facetCounts({
      salesChannel: channel,
      text: [text, query].filter(Boolean).join(' '),
      facets: selected,
    });
    const groups = new Map<FacetKey, FacetsResponse['facets'][number]>();
    for (const count of counts) {
      let group = groups.get(count.key);
      if (!group) {
        group = {
          key: count.key,
          name: FACET_NAMES[count.key],
          type: count.key === 'price' ? 'PRICERANGE' : 'TEXT',
          values: [],
        };
        groups.set(count.key, group);
      }
      group.values.push({
        value: count.value,
        name: count.name,
        quantity: count.quantity,
        selected: selected.some((facet) => facet.key === count.key && facet.value === count.value),
      });
    }
    for (const group of groups.values()) {
      group.values.sort((a, b) =>
        group.type === 'PRICERANGE'
          ? Number(a.value.split(':')[0]) - Number(b.value.split(':')[0])
          : b.quantity - a.quantity,
      );
    }
    return { facets: [...groups.values()], recordsFiltered: total };
  }

  /** The legacy facets call: departments, brands, the category tree and price ranges. */
  legacyFacets(path: string, ft: string | undefined, salesChannel: number) {
    const index = this.indexOf();
    const result = this.facets(path, [], salesChannel, ft);
    const group = (key: FacetKey) => result.facets.find((facet) => facet.key === key)?.values ?? [];
    const idOf = (slug: string, level: number) =>
      [...index.categories.values()].find((c) => c.slug === slug && c.level === level);
    const departments = group('category-1').map((value) => {
      const category = idOf(value.value, 1);
      return {
        Id: category?.id ?? 0,
        Name: value.name,
        Quantity: value.quantity,
        Link: category?.path ?? '',
      };
    });
    const trees = (['category-1', 'category-2', 'category-3'] as const).flatMap((key, level) =>
      group(key).map((value) => {
        const category = idOf(value.value, level + 1);
        return {
          Id: category?.id ?? 0,
          Name: value.name,
          Quantity: value.quantity,
          Link: category?.path ?? '',
          Level: level + 1,
        };
      }),
    );
    return {
      Departments: departments,
      Brands: group('brand').map((value) => ({
        Id: index.brandsBySlug.get(value.value)?.id ?? 0,
        Name: value.name,
        Quantity: value.quantity,
        Link: `/busca?b=${value.value}`,
      })),
      CategoriesTrees: trees,
      PriceRanges: group('price').map((value) => ({
        Slug: value.value,
        Quantity: value.quantity,
        Name: value.name,
      })),
      SalesChannel: [{ Id: salesChannel, Quantity: result.recordsFiltered }],
    };
  }
}
