import { useId } from 'react';
import { Form, Link, useActionData, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ListBasketView } from '@despensa/contracts';
import { MAX_QUANTITY, isWeighed, quantityLabel } from '@despensa/domain';
import { requireFeature } from '../features/lists/features-server';
import {
  listBasketAction,
  listBasketPage,
  type ListBasketActionResult,
} from '../features/lists/list-basket-server';
import {
  BasketAddProducts,
  BasketAnswer,
  BasketDelivery,
  BasketPayment,
  BasketSchedule,
} from '../features/lists/list-basket-sections';
import { listPath } from '../features/lists/paths';
import { runText } from '../features/lists/schedule-label';
import { formatDate, formatPrice } from '../lib/format';
import '../features/lists/lists.css';
import type { Route } from './+types/list-basket';
import { HiddenFields, PostButton } from '../ui/post-button';

/**
 * /lista-de-compra/entrega?l={listId}&fecha={YYYY-MM-DD}: the page the recurring list's review link opens
 * (§4, README 'Shopping lists and their schedules'). The basket built for that delivery with its products,
 * delivery, the card that pays at the cut-off and the total; before the cut-off the shopper changes
 * quantities, removes or adds products, skips the delivery or pauses the schedule. Every form posts
 * without scripts and the page is drawn again from the server's answer. The list's owner only: another
 * shopper's list is the not-found page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  await requireFeature(services, 'shoppingLists');
  return { ...(await listBasketPage(services, request)), brandName: services.brand.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireFeature(context.services, 'shoppingLists');
  return listBasketAction(context.services, request);
}

/**
 * After every form the basket is read again, a refusal too (React Router skips that after a 4xx): the
 * server's basket is what the page shows (past the cut-off its forms go).
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Tu compra programada | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

const deliveryDay = (run: ListBasketView['run']) => formatDate(`${run.deliveryDate}T12:00:00-03:00`);

export default function ListBasketPage({ loaderData }: Route.ComponentProps) {
  const { basket, search } = loaderData;
  const { list, run, items, delivery } = basket;
  const result = useActionData<ListBasketActionResult>();
  const busy = useNavigation().state === 'submitting';
  const open = basket.closed === null;
  const id = useId();
  return (
    <main className="account-page container list-basket">
      <p>
        <Link to={listPath(list.id)}>Volver a la lista {list.name}</Link>
      </p>
      <h1 className="account-page__title">
        Tu compra programada «{list.name}» del {deliveryDay(run)}
      </h1>
      <p>{runText(run)}</p>
      {run.status === 'placed' && run.orderGroup ? (
        <p>
          <Link to={`/mis-compras/${run.orderGroup}-01`}>Ver tu pedido {run.orderGroup}</Link>
        </p>
      ) : null}
      {basket.closed ? <p className="list-basket__closed">{basket.closed}</p> : null}
      <BasketAnswer result={result} />

      <section className="list-page__section" aria-labelledby={`${id}-products`}>
        <h2 id={`${id}-products`} className="account-section__title">
          Productos
        </h2>
        {items.length === 0 ? (
          <p>Esta compra no tiene productos.</p>
        ) : (
          <ul className="list-page__lines" aria-label="Productos de tu compra">
            {items.map((item) => (
              <BasketLine key={item.id} item={item} deliveryDate={run.deliveryDate} open={open} busy={busy} />
            ))}
          </ul>
        )}
      </section>

      {open ? <BasketAddProducts id={id} basket={basket} search={search} busy={busy} /> : null}

      <BasketDelivery id={id} delivery={delivery} />

      <BasketPayment id={id} basket={basket} />

      <BasketSchedule id={id} basket={basket} open={open} busy={busy} />
    </main>
  );
}

/** A product of the basket: its quantity (by weight for a weighed one) and 'Quitar', while it may change. */
function BasketLine({
  item,
  deliveryDate,
  open,
  busy,
}: {
  item: ListBasketView['items'][number];
  deliveryDate: string;
  open: boolean;
  busy: boolean;
}) {
  const id = useId();
  /** What the line's changes post, beside their intent. */
  const line = { deliveryDate, skuId: item.id, name: item.name };
  return (
    <li className="list-line">
      <img src={item.imageUrl} alt="" width={64} height={64} loading="lazy" className="list-line__image" />
      <div className="list-line__info">
        <span className="list-line__name">{item.name}</span>
        <span className="list-line__price">
          {formatPrice(item.price)}
          {isWeighed(item.measurementUnit) ? ' / kg' : ' c/u'} · {quantityLabel(item)} ·{' '}
          <strong>{formatPrice(item.total)}</strong>
        </span>
      </div>
      {open ? (
        <>
          <Form method="post" className="list-line__quantity">
            <HiddenFields fields={{ intent: 'set-quantity', ...line }} />
            <label htmlFor={`${id}-q`} className="visually-hidden">
              Cantidad de {item.name}
            </label>
            {/* A weighed product is chosen by weight, as in the cart ('0,5 kg', '1 kg'…). */}
            {/* Keyed by the server's quantity: its answer (a quantity cut to the stock) replaces the choice. */}
            <select
              key={item.quantity}
              id={`${id}-q`}
              name="quantity"
              className="field__input"
              defaultValue={item.quantity}
            >
              {Array.from({ length: MAX_QUANTITY }, (_, i) => i + 1).map((quantity) => (
                <option key={quantity} value={quantity}>
                  {quantityLabel({ ...item, quantity })}
                </option>
              ))}
            </select>
            <button
              type="submit"
              className="button button--secondary"
              disabled={busy}
              aria-label={`Cambiar la cantidad de ${item.name}`}
            >
              Cambiar
            </button>
          </Form>
          <PostButton
            fields={{ intent: 'remove', ...line }}
            label={`Quitar ${item.name} de tu compra`}
            busy={busy}
            className="list-line__remove"
          >
            Quitar
          </PostButton>
        </>
      ) : null}
    </li>
  );
}
