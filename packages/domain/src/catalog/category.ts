/**
 * A category of the shop's three-level tree (§2) as it is kept: the catalogue's table, the demo
 * catalogue's generator and the content generator all read this one shape.
 */
export interface Category {
  id: number;
  parentId: number | null;
  name: string;
  /** The category's own path segment ('lacteos'). */
  slug: string;
  /** Icon name for a top-level category ('lacteos'); null below. */
  icon: string | null;
  /** 1..7 for the seven fixed top categories of §2, in menu order; null otherwise. */
  fixedPosition: number | null;
}
