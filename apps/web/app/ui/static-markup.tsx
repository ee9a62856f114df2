import type { Markup } from '../lib/markup';

/**
 * Markup that stays as drawn (lib/html.ts) inside a box that takes no room of its own (display: contents):
 * the server writes it as one piece, and hydration keeps the server's elements without a fiber for each of
 * them. Its interactive neighbours stay React components; a click inside still reaches React handlers on an
 * ancestor. A different `markup` replaces the elements as a whole, so nothing inside may hold focus or state.
 */
export function StaticMarkup({ markup, inline = false }: { markup: Markup; inline?: boolean }) {
  if (markup.value === '') return null;
  // `inline` where only phrasing content may stand (an icon inside a button).
  const Box = inline ? 'span' : 'div';
  return <Box className="static-markup" dangerouslySetInnerHTML={{ __html: markup.value }} />;
}
