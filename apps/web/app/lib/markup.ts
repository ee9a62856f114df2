/**
 * Markup written as a string, for the parts of a page that are drawn once and never change while it is
 * open (ui/static-markup.tsx): React neither builds them element by element on the server nor hydrates
 * them in the browser. Every interpolated value is escaped as React escapes text and attributes, unless it
 * is itself `markup` (nested markup) or an array of either.
 */
export class Markup {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

const SPECIAL = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Most names and prices have nothing to escape: test before building a new string.
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (character) => ESCAPES[character]!) : text;
}

type Value = Markup | string | number | null | undefined | false | readonly Value[];

function write(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(write).join('');
  return escapeHtml(String(value));
}

/**
 * markup`<p class="${name}">${text}</p>`: the values escaped, the template's own text kept as written. (Not
 * named `html`: Prettier would format such templates as HTML and put its line breaks into the pages.)
 */
export function markup(strings: TemplateStringsArray, ...values: Value[]): Markup {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += write(values[i]!) + strings[i + 1]!;
  return new Markup(out);
}
