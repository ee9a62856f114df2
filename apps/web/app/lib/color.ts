/**
 * Brand colours come from configuration; white text on them must still reach WCAG AA (4.5:1), so a colour
 * that is too light is darkened step by step until it does.
 */
const HEX = /^#[0-9a-f]{6}$/i;
const AA_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** The contrast ratio of white text on `hex`. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(channels(hex)) + 0.05);
}

/** `hex`, or a darker shade of it that white text reads on at 4.5:1; `fallback` when it is not #rrggbb. */
export function readableOnWhiteText(hex: string, fallback: string): string {
  if (!HEX.test(hex)) return fallback;
  let rgb = channels(hex);
  for (let step = 0; step < 40 && contrastWithWhite(toHex(rgb)) < AA_CONTRAST; step++) {
    rgb = rgb.map((c) => c * 0.92) as [number, number, number];
  }
  return toHex(rgb);
}
