/** §2 purchase routes. */
export const CURRENT_PURCHASES_PATH = '/mis-compras';
export const OLD_PURCHASES_PATH = '/mis-compras-antiguas';
