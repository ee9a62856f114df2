/** What a shopper reads when some products of a link or a recipe could not go into the cart. */
export function notAddedText(count: number): string {
  return count === 1
    ? 'No pudimos agregar 1 producto: ya no está disponible.'
    : `No pudimos agregar ${count} productos: ya no están disponibles.`;
}
