import type { StorefrontServices } from '@despensa/contracts';
import { allCategories } from './category-trail';

/** The sitemap protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;
const PRODUCT_BATCH = 1000;

/** Site paths to list: home, every category, then products by the catalogue's order, 50,000 at most. */
export function sitemapPaths(catalog: StorefrontServices['catalog'], salesChannel: number): string[] {
  const paths = ['/', ...allCategories(catalog.categoryTree()).map((category) => category.url)];
  for (let page = 1; paths.length < SITEMAP_MAX_URLS; page++) {
    const result = catalog.search(
      '',
      { selectedFacets: [], orderBy: 'OrderByTopSaleDESC' },
      { page, pageSize: PRODUCT_BATCH, salesChannel },
    );
    for (const product of result.products) paths.push(`/${product.linkText}/p`);
    if (page * PRODUCT_BATCH >= result.recordsFiltered || result.products.length === 0) break;
  }
  return paths.slice(0, SITEMAP_MAX_URLS);
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `<url><loc>${escapeXml(new URL(path, origin).toString())}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
