/** §2 list pages and the resource routes behind the lists' dialogs and hearts. */
export const MY_LISTS_PATH = '/mis-listas-de-compras';
export const LIST_PATH = '/lista-de-compra';
export const LISTS_ACTION_PATH = '/listas/acciones';
export const FAVOURITES_ACTION_PATH = '/favoritos/acciones';
export const FAVOURITES_PATH = '/productos-favoritos';
export const FREQUENT_PATH = '/productos-frecuentes';

export function listPath(listId: string): string {
  return `${LIST_PATH}?l=${encodeURIComponent(listId)}`;
}

/** /lista-de-compra/entrega?l={listId}&fecha={YYYY-MM-DD}: a delivery's basket (the review link's page). */
export function listBasketPath(listId: string, deliveryDate: string): string {
  return `${LIST_PATH}/entrega?l=${encodeURIComponent(listId)}&fecha=${deliveryDate}`;
}
