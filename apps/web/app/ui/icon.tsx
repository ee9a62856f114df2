import { markup, Markup } from '../lib/markup';
import { StaticMarkup } from './static-markup';

/**
 * Line icons drawn for the shop (24×24, stroke = currentColor). Decorative: the text or aria-label next to
 * an icon names it, so every icon is aria-hidden.
 */
const PATHS: Record<string, string> = {
  // Interface
  menu: '<path d="M4 6h16M4 12h16M4 18h16" />',
  close: '<path d="M6 6l12 12M18 6L6 18" />',
  heart: '<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />',
  list: '<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />',
  chevron: '<path d="M9 6l6 6-6 6" />',
  'chevron-down': '<path d="M6 9l6 6 6-6" />',
  'chevron-left': '<path d="M15 6l-6 6 6 6" />',
  search: '<circle cx="11" cy="11" r="6.5" /><path d="M16 16l4.5 4.5" />',
  cart: '<path d="M3 4h2.2l2.3 11h10.8l2-8H6.4" /><circle cx="9.5" cy="19" r="1.5" /><circle cx="17" cy="19" r="1.5" />',
  user: '<circle cx="12" cy="8" r="4" /><path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />',
  pause: '<path d="M9 5v14M15 5v14" />',
  play: '<path d="M7 5l12 7-12 7z" />',
  phone: '<path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a1 1 0 01-1 1A16 16 0 014 5a1 1 0 011-1z" />',
  pin: '<path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" /><circle cx="12" cy="9.5" r="2.5" />',
  contrast: '<circle cx="12" cy="12" r="8.5" /><path d="M12 3.5v17a8.5 8.5 0 000-17z" fill="currentColor" />',
  clock: '<circle cx="12" cy="12" r="8.5" /><path d="M12 7v5l3 2" />',
  check: '<path d="M5 12.5l4.5 4.5L19 7.5" />',
  // Delivery modes and help
  truck:
    '<path d="M2.5 6h11v10h-11zM13.5 9.5h4l3 3.5v3h-7" /><circle cx="6.5" cy="17.5" r="1.8" /><circle cx="17" cy="17.5" r="1.8" />',
  store: '<path d="M4 10v10h16V10M3 10l1.5-5h15L21 10z" /><path d="M10 20v-5h4v5" />',
  car: '<path d="M3.5 16v-4l2-5h13l2 5v4z" /><path d="M3.5 12h17" /><circle cx="7.5" cy="16.5" r="1.8" /><circle cx="16.5" cy="16.5" r="1.8" />',
  bolt: '<path d="M13 2.5L5 13.5h6l-1 8 8-11h-6z" />',
  help: '<circle cx="12" cy="12" r="8.5" /><path d="M9.5 9.5a2.5 2.5 0 114 2c-1 .6-1.5 1.2-1.5 2.5M12 16.8v.2" />',
  tracking: '<path d="M3 7l9-4 9 4-9 4z" /><path d="M3 7v10l9 4 9-4V7M12 11v10" />',
  alert: '<path d="M12 3.5l9.5 16.5h-19z" /><path d="M12 10v4.5M12 17.2v.2" />',
  leaf: '<path d="M5 19c0-8 5-13 14-14-1 9-6 14-14 14zM5 19l7-7" />',
  recycle: '<path d="M7 9l-3 5 3 5h5M17 9l3 5-2 3M10 5h4l3 4M7 9l-1-3M17 9h-3M12 19l-2-2 2-2" />',
  sun: '<circle cx="12" cy="12" r="4" /><path d="M12 2.5v2.5M12 19v2.5M2.5 12H5M19 12h2.5M5.3 5.3l1.8 1.8M16.9 16.9l1.8 1.8M5.3 18.7l1.8-1.8M16.9 7.1l1.8-1.8" />',
  people:
    '<circle cx="8.5" cy="8" r="3" /><circle cx="16.5" cy="9" r="2.5" /><path d="M3 19c.8-3.5 3-5.5 5.5-5.5S13.2 15.5 14 19M14.5 14c2.5-.5 5 1 6 4" />',
  // Category icons, by the category's icon key
  lacteos: '<path d="M8.5 3h7v3l2 3v12h-11V9l2-3z" /><path d="M6.5 12h11" />',
  despensa: '<path d="M6 7h12v14H6zM8 3h8v4H8z" /><path d="M9 12h6M9 16h6" />',
  'frutas-y-verduras':
    '<path d="M12 8c-4-2-8 1-7 6s4 7 7 6c3 1 6-1 7-6s-3-8-7-6z" /><path d="M12 8c0-2 1-4 3-5" />',
  carniceria:
    '<path d="M14.5 4c3.5 0 6 2.5 5.5 6-.5 4-5 6-8 9-2 2-5 1-6-1s0-4 1.5-5C10 9.5 10 4 14.5 4z" /><circle cx="15" cy="9" r="1.5" />',
  limpieza: '<path d="M9 9h6l1 12H8zM10 9V5h4v4M14 5h3l1 2" />',
  licores: '<path d="M10 2.5h4v5l2 3V21H8V10.5l2-3z" /><path d="M8 14h8" />',
  mascotas:
    '<circle cx="6.5" cy="10" r="1.8" /><circle cx="10" cy="6" r="1.8" /><circle cx="14" cy="6" r="1.8" /><circle cx="17.5" cy="10" r="1.8" /><path d="M12 11.5c-3 0-5.5 4-5 6.5s3 2 5 2 4.5.5 5-2-2-6.5-5-6.5z" />',
  panaderia:
    '<path d="M4 11a4 4 0 014-4h8a4 4 0 014 4 2 2 0 01-2 2v7H6v-7a2 2 0 01-2-2z" /><path d="M9.5 10l1 2M13.5 10l1 2" />',
  congelados:
    '<path d="M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9" /><path d="M9.5 4.5L12 7l2.5-2.5M9.5 19.5L12 17l2.5 2.5" />',
  bebidas: '<path d="M6 7h12l-1.5 14h-9z" /><path d="M13 7l2-4h3M6.5 11h11" />',
  fiambreria:
    '<path d="M3 14l14-7 4 4v8H3z" /><path d="M3 14h18" /><circle cx="9" cy="17" r="1" /><circle cx="15" cy="16.5" r="1" />',
  desayuno:
    '<path d="M4 9h13v5a5 5 0 01-5 5H9a5 5 0 01-5-5z" /><path d="M17 11h1.5a2.5 2.5 0 010 5H17M8 3.5v2.5M12 3.5v2.5" />',
  'cuidado-personal': '<path d="M8 10h8v11H8zM10 10V7h4v3" /><path d="M12 7V4h4M10.5 15h3" />',
  bebes:
    '<path d="M9 8h6v12a1 1 0 01-1 1h-4a1 1 0 01-1-1z" /><path d="M10 8V6a2 2 0 014 0v2M9 12h2.5M9 15h2.5" />',
  hogar: '<path d="M4 11l8-7 8 7M6 9.5V20h12V9.5" /><path d="M10 20v-6h4v6" />',
  basket: '<path d="M3 10h18l-2 10H5zM7.5 10L11 4M16.5 10L13 4" /><path d="M9 13.5v3.5M15 13.5v3.5" />',
};

export type IconName = keyof typeof PATHS;

const ATTRIBUTES =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"';

function drawing(name: string): string {
  return PATHS[name] ?? PATHS.basket!;
}

/** The icon inside markup drawn as one piece (ui/static-markup.tsx). */
export function iconMarkup(name: string, size = 24, className?: string): Markup {
  const classes = className ? `icon ${className}` : 'icon';
  return markup`<svg class="${classes}" width="${size}" height="${size}" ${new Markup(ATTRIBUTES)}>${new Markup(drawing(name))}</svg>`;
}

/** Drawn as markup: one element for React, however many shapes the icon has. */
export function Icon({ name, size = 24, className }: { name: string; size?: number; className?: string }) {
  return <StaticMarkup markup={iconMarkup(name, size, className)} inline />;
}
