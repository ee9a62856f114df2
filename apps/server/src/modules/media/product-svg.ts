/**
 * Product pictures drawn locally: a package silhouette in the top category's colour with the
 * product's name, so the demo shop has an image for every sku without fetching anything.
 */
const CATEGORY_COLOURS: Record<string, [string, string]> = {
  lacteos: ['#e8f1fb', '#2b6cb0'],
  despensa: ['#fdf3e1', '#b7791f'],
  'frutas-y-verduras': ['#e9f7ec', '#2f855a'],
  carniceria: ['#fbeaea', '#c53030'],
  limpieza: ['#e6f6f8', '#2c7a7b'],
  licores: ['#f3e8f7', '#6b46c1'],
  mascotas: ['#fff4e6', '#c05621'],
};
const FALLBACK: [string, string] = ['#eef0f3', '#4a5568'];

export function productSvg(input: {
  name: string;
  brand: string;
  icon: string | null;
  weighed: boolean;
}): string {
  const [background, accent] = CATEGORY_COLOURS[input.icon ?? ''] ?? FALLBACK;
  const lines = wrap(input.name, 18).slice(0, 3);
  const text = lines
    .map(
      (line, i) =>
        `<text x="200" y="${300 + i * 30}" font-size="24" text-anchor="middle">${escape(line)}</text>`,
    )
    .join('');
  const shape = input.weighed
    ? `<ellipse cx="200" cy="170" rx="110" ry="95" fill="${accent}" opacity=".85"/>`
    : `<rect x="110" y="50" width="180" height="220" rx="22" fill="${accent}" opacity=".9"/><rect x="130" y="120" width="140" height="70" rx="8" fill="#fff"/><text x="200" y="165" font-size="22" text-anchor="middle" fill="${accent}" font-weight="700">${escape(input.brand.slice(0, 12))}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escape(input.name)}"><title>${escape(input.name)}</title><rect width="400" height="400" fill="${background}"/>${shape}<g font-family="system-ui,sans-serif" fill="#1a202c">${text}</g></svg>`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
