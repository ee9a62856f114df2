import { cartItemsFromUrl, isValidOrderFormId } from '@despensa/domain';
import { addByUrl, cartViewerOf, isCartGone } from '../features/cart/cart-server';
import { CartPage } from '../features/cart/cart-page';
import { orderFormIdFromCookie } from '../features/cart/order-form-cookie';
import type { Route } from './+types/cart';

const RECIPE_ADDED_PARAM = 'agregados';
const TITLES: Record<string, string> = {
  '/carrito-receta': 'Carro de la receta',
};

/**
 * /mi-carro, /_secure/cart and /carrito-receta: the cart page. The recipe cart adds the ingredients of
 * ?skus=1,2,3 and shows the cart; every cart path also takes the §2 add-by-URL parameters.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const recipe = url.searchParams.get('skus');
  const added = recipe
    ? // The recipe lands on its own cart page, which already shows the lines: no minicart over it, but
      // the cart-products dialog naming what the recipe brought (the skus ride along in ?agregados=).
      await addByUrl(
        services,
        request,
        `${url.pathname}?${RECIPE_ADDED_PARAM}=${encodeURIComponent(recipe)}`,
        {
          params: new URLSearchParams({ sku: recipe }),
          openMinicart: false,
        },
      )
    : await addByUrl(services, request, '/');
  if (added) throw added;
  return {
    brand: services.brand,
    title: TITLES[url.pathname] ?? 'Mi carro',
    orderInfo: await savedOrderInfo(services, request),
    recipeSkus: cartItemsFromUrl(
      new URLSearchParams({ sku: url.searchParams.get(RECIPE_ADDED_PARAM) ?? '' }),
    ).map((item) => item.id),
  };
}

/** The substitution choices saved for the cookie's cart, or none yet. */
async function savedOrderInfo(services: Route.LoaderArgs['context']['services'], request: Request) {
  const id = orderFormIdFromCookie(request.headers.get('cookie'));
  if (!isValidOrderFormId(id)) return null;
  try {
    return await services.cart.getOrderInfo(await cartViewerOf(services, request), id);
  } catch (error) {
    if (isCartGone(error)) return null;
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.title ?? 'Mi carro'} | ${loaderData?.brand.name ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Cart({ loaderData }: Route.ComponentProps) {
  return (
    <CartPage
      brand={loaderData.brand}
      title={loaderData.title}
      savedOrderInfo={loaderData.orderInfo}
      addedSkus={loaderData.recipeSkus}
    />
  );
}
