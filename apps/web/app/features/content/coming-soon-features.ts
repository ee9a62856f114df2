/**
 * The features later issues build, keyed as routes.ts names them in the coming-soon route ids
 * ('coming-soon:{feature}:{path}'), with how the page names them to the shopper.
 */
interface ComingSoonFeature {
  name: string;
  /** The name is plural ('Tus compras'): the page says 'estarán'. */
  plural?: true;
  hint: string;
}

const FEATURES: Record<string, ComingSoonFeature> = {
  cart: { name: 'El carro de compras', hint: 'Pronto podrás armar tu carro y revisarlo antes de pagar.' },
  checkout: { name: 'El pago de tu compra', hint: 'Pronto podrás elegir despacho, fecha y medio de pago.' },
  orders: {
    name: 'Tus compras',
    plural: true,
    hint: 'Pronto podrás seguir tus pedidos y revisar compras anteriores.',
  },
};

const FALLBACK: ComingSoonFeature = {
  name: 'Esta sección',
  hint: 'Estamos trabajando para tenerla lista muy pronto.',
};

export function comingSoonFeature(routeId: string | undefined): ComingSoonFeature {
  const key = routeId?.split(':')[1];
  return (key && FEATURES[key]) || FALLBACK;
}
