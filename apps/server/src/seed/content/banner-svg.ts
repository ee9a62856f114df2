import { Rng } from '../random';
export type BannerVariant = 'desktop' | 'mobile';

export interface BannerColors {
  /** Background, '#rgb' or '#rrggbb'. */
  bg: string;
  /** Text and decoration, '#rgb' or '#rrggbb'; pick one with a contrast ratio of at least 4.5 against bg. */
  fg: string;
}

/** One generated image referenced by the content: served at `/media/banners/{name}.svg`. */
export interface BannerAsset {
  /** File name without '.svg', e.g. 'hero-ofertas-desktop'. */
  name: string;
  title: string;
  colors: BannerColors;
  variant: BannerVariant;
}

const SIZES: Record<BannerVariant, { width: number; height: number; fontSize: number; maxChars: number }> = {
  desktop: { width: 1200, height: 300, fontSize: 56, maxChars: 30 },
  mobile: { width: 600, height: 400, fontSize: 46, maxChars: 18 },
};

const MAX_LINES = 3;
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * A small, self-contained SVG banner (no external references, no scripts): a flat background, a few decorative
 * circles placed from a hash of `name`, and `title` as wrapped text. Accessible: role="img" named by its <title>.
 * 1200×300 for 'desktop', 600×400 for 'mobile'. Deterministic.
 */
export function bannerSvg(
  name: string,
  title: string,
  colors: BannerColors,
  variant: BannerVariant = 'desktop',
): string {
  if (!HEX_COLOR.test(colors.bg) || !HEX_COLOR.test(colors.fg)) {
    throw new Error(`bannerSvg: colors must be hex (#rgb or #rrggbb), got ${colors.bg} / ${colors.fg}`);
  }
  const { width, height, fontSize, maxChars } = SIZES[variant];
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const id = `banner-${base.endsWith(variant) ? base : `${base}-${variant}`}-title`;
  const rng = Rng.fromLabel(`${name}:${variant}`);
  const rand = () => rng.next();

  const circles: string[] = [];
  for (let i = 0; i < 4; i++) {
    const r = Math.round((0.25 + rand() * 0.35) * height);
    const cx =
      variant === 'desktop' ? Math.round(width * (0.62 + rand() * 0.38)) : Math.round(rand() * width);
    const cy =
      variant === 'desktop' ? Math.round(rand() * height) : Math.round(height * (0.8 + rand() * 0.3));
    circles.push(`<circle cx="${cx}" cy="${cy}" r="${r}"/>`);
  }

  const lines = wrap(title, maxChars);
  const lineHeight = Math.round(fontSize * 1.2);
  const firstBaseline = Math.round(
    (variant === 'desktop' ? height / 2 : height * 0.4) -
      ((lines.length - 1) * lineHeight) / 2 +
      fontSize * 0.35,
  );
  const x = variant === 'desktop' ? 80 : width / 2;
  const anchor = variant === 'desktop' ? 'start' : 'middle';
  const tspans = lines
    .map((line, i) => `<tspan x="${x}" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="${id}">` +
    `<title id="${id}">${escapeXml(title)}</title>` +
    `<rect width="${width}" height="${height}" fill="${colors.bg}"/>` +
    `<g fill="${colors.fg}" fill-opacity="0.12">${circles.join('')}</g>` +
    `<text fill="${colors.fg}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="${fontSize}" font-weight="700" text-anchor="${anchor}">${tspans}</text>` +
    `</svg>`
  );
}

/** Greedy word wrap to at most MAX_LINES lines of about `maxChars`; an overflowing last line ends with '…'. */
function wrap(text: string, maxChars: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (current === '') current = word;
    else if (current.length + 1 + word.length <= maxChars) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  if (lines.length <= MAX_LINES) return lines;
  const kept = lines.slice(0, MAX_LINES);
  kept[MAX_LINES - 1] = `${kept[MAX_LINES - 1]}…`;
  return kept;
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
