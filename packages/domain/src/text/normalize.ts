/** §5: address slugs and search text are compared without accents and case. */

/** 'Ñandú  Café ' → 'nandu cafe': NFD then combining marks dropped, lowercased, whitespace collapsed. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'Lácteos & Quesos' → 'lacteos-quesos'. */
export function slugify(text: string): string {
  return normalizeText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Search suggestions ignore empty or whitespace-only terms (§5). */
export function isBlankTerm(term: string | null | undefined): boolean {
  return term == null || term.trim() === '';
}
