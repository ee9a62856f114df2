import { data, redirect } from 'react-router';
import {
  failureCodeOf,
  failureMessageOf,
  listDeliveryDate,
  type EditProducts,
  type ListBasketView,
  type StorefrontServices,
} from '@despensa/contracts';
import { MAX_QUANTITY } from '@despensa/domain';
import { assertSameOrigin, requireSession } from '../account/server';
import { notFound } from '../catalog/server';
import { orLogOutHome } from './features-server';
import { listPath } from './paths';

/** What a change on the basket's page answers: what was done (and what the cart said of it), or why not. */
export type ListBasketActionResult =
  { ok: true; message: string; notes: string[] } | { ok: false; error: string };

/** The list and delivery a request is about (?l= and ?fecha=); a malformed day is no page at all. */
function runOf(request: Request): { listId: string; deliveryDate: string | undefined } {
  const params = new URL(request.url).searchParams;
  const listId = params.get('l');
  const fecha = params.get('fecha');
  if (!listId) throw notFound();
  if (fecha !== null && !listDeliveryDate.safeParse(fecha).success) throw notFound();
  return { listId, deliveryDate: fecha ?? undefined };
}

/**
 * The page's data: the basket (the owner's only: another shopper's list, or a day it never delivered, is
 * the not-found page), and what a search for products to add found (?buscar=, before scripts a GET).
 */
export async function listBasketPage(
  services: StorefrontServices,
  request: Request,
): Promise<{ basket: ListBasketView; search: { term: string; found: EditProducts['products'] } }> {
  const token = await requireSession(services, request);
  const { listId, deliveryDate } = runOf(request);
  const basket = await orLogOutHome(services, request, () =>
    services.shopperLists.basket(token, listId, deliveryDate),
  ).catch((error: unknown) => {
    const code = failureCodeOf(error);
    if (code === 'shoppingListNotFound' || code === 'listRunNotFound') throw notFound();
    // Not scheduled (or paused) and no day asked: the list's own page says so and offers to schedule it.
    if (code === 'listNotScheduled') throw redirect(listPath(listId));
    throw error;
  });
  const term = (new URL(request.url).searchParams.get('buscar') ?? '').trim().slice(0, 80);
  let found: EditProducts['products'] = [];
  if (term.length >= 2 && basket.closed === null) {
    found = await services.shopperLists
      .basketProducts(token, listId, basket.run.deliveryDate, term)
      .then((answer) =>
        answer.products.filter((product) => !basket.items.some((item) => item.id === product.id)),
      )
      .catch((error: unknown) => {
        if (!failureCodeOf(error) || failureCodeOf(error) === 'internal') throw error;
        return [];
      });
  }
  return { basket, search: { term, found } };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/**
 * The page's forms (they post without scripts; the page is then drawn from the server's answer): a
 * quantity, a product removed or added, the delivery skipped, the schedule paused or resumed. A refusal
 * (past the cut-off, no stock…) is the failure's Spanish text.
 */
export async function listBasketAction(services: StorefrontServices, request: Request) {
  assertSameOrigin(request);
  const token = await requireSession(services, request);
  const { listId } = runOf(request);
  const form = await request.formData();
  const deliveryDate = text(form, 'deliveryDate');
  const skuId = text(form, 'skuId');
  const name = text(form, 'name').slice(0, 120) || 'el producto';
  const lists = services.shopperLists;
  const change = async (quantity: number) =>
    (await lists.changeBasket(token, listId, { deliveryDate, orderItems: [{ id: skuId, quantity }] }))
      .messages;
  try {
    return await orLogOutHome(services, request, async (): Promise<ListBasketActionResult> => {
      switch (text(form, 'intent')) {
        case 'set-quantity': {
          const quantity = Number(form.get('quantity'));
          if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY)
            return { ok: false, error: `Elige una cantidad entre 1 y ${MAX_QUANTITY}.` };
          return { ok: true, message: `Cambiaste la cantidad de ${name}.`, notes: await change(quantity) };
        }
        case 'remove':
          return { ok: true, message: `Quitaste ${name} de tu compra.`, notes: await change(0) };
        case 'add':
          return { ok: true, message: `Agregaste ${name} a tu compra.`, notes: await change(1) };
        case 'skip':
          await lists.skipRun(token, listId, deliveryDate);
          return { ok: true, message: 'Saltaste esta entrega: no la pediremos.', notes: [] };
        case 'pause':
          await lists.setScheduleStatus(token, listId, 2);
          return {
            ok: true,
            message:
              'Pausaste la compra programada: no armaremos ni pediremos compras hasta que la reanudes.',
            notes: [],
          };
        case 'resume':
          await lists.setScheduleStatus(token, listId, 1);
          return { ok: true, message: 'Reanudaste la compra programada.', notes: [] };
        default:
          return { ok: false, error: 'No sabemos qué hacer con ese formulario.' };
      }
    }).then((result) => data(result, { status: result.ok ? 200 : 400 }));
  } catch (error) {
    const code = failureCodeOf(error);
    if (error instanceof Response || !code || code === 'internal') throw error;
    return data<ListBasketActionResult>(
      { ok: false, error: failureMessageOf(error) },
      { status: code === 'shoppingListNotFound' || code === 'listRunNotFound' ? 404 : 400 },
    );
  }
}
