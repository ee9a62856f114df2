import type { CategoryNode } from '@despensa/contracts';

/** The categories a path of slugs walks through ('lacteos/leches' → [Lácteos, Leches]), or null. */
export function categoryTrailBySlugs(tree: CategoryNode[], slugs: string[]): CategoryNode[] | null {
  const trail: CategoryNode[] = [];
  let level = tree;
  for (const slug of slugs) {
    const node = level.find((category) => category.slug === slug.toLowerCase());
    if (!node) return null;
    trail.push(node);
    level = node.children;
  }
  return trail;
}

/** The categories of a product's id path ('/1/10/100/'), as far as the tree knows them. */
export function categoryTrailByIds(tree: CategoryNode[], idPath: string | undefined): CategoryNode[] {
  const trail: CategoryNode[] = [];
  let level = tree;
  for (const id of (idPath ?? '').split('/').filter(Boolean)) {
    const node = level.find((category) => String(category.id) === id);
    if (!node) break;
    trail.push(node);
    level = node.children;
  }
  return trail;
}

/** Every category of the tree, parents before children (the sitemap lists them all). */
export function allCategories(tree: CategoryNode[]): CategoryNode[] {
  return tree.flatMap((node) => [node, ...allCategories(node.children)]);
}
