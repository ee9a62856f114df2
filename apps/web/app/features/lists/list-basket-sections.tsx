import { Form, Link } from 'react-router';
import type { ListBasketView } from '@despensa/contracts';
import { SHOPPING_LIST_SCHEDULE_STATUS, isWeighed } from '@despensa/domain';
import { CARD_KIND_LABELS, cardName, SAVED_CARDS_PATH } from '../payments';
import { windowFee, windowLine } from '../delivery';
import { formatDateTime, formatPrice } from '../../lib/format';
import { NothingFound, ProductSearchForm } from '../../ui/product-search-form';
import type { ListBasketActionResult } from './list-basket-server';
import { PostButton } from '../../ui/post-button';

type Basket = ListBasketView;

/** What the last form did: its message and notes, or its refusal. */
export function BasketAnswer({ result }: { result: ListBasketActionResult | undefined }) {
  return (
    <div className="list-basket__answer">
      {result?.ok ? (
        <div role="status">
          <p>{result.message}</p>
          {result.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      ) : result ? (
        <p role="alert" className="list-form__error">
          {result.error}
        </p>
      ) : null}
    </div>
  );
}

/** 'Agregar productos': the search in the delivery's store and an 'Agregar' per product found. */
export function BasketAddProducts({
  id,
  basket,
  search,
  busy,
}: {
  id: string;
  basket: Basket;
  search: {
    term: string;
    found: { id: string; name: string; imageUrl: string; price: number; measurementUnit: string }[];
  };
  busy: boolean;
}) {
  const { list, run } = basket;
  return (
    <section className="list-page__section" aria-labelledby={`${id}-add`}>
      <h2 id={`${id}-add`} className="account-section__title">
        Agregar productos
      </h2>
      <ProductSearchForm
        inputId={`${id}-search`}
        label="Buscar en la tienda de tu entrega"
        term={search.term}
        keep={{ l: list.id, fecha: run.deliveryDate }}
        className="list-form list-form--inline"
      />
      {search.term.length >= 2 ? (
        search.found.length === 0 ? (
          <NothingFound term={search.term} where="la tienda de tu entrega" />
        ) : (
          <ul className="list-page__lines" aria-label="Productos para agregar">
            {search.found.map((product) => (
              <li key={product.id} className="list-line">
                <img
                  src={product.imageUrl}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="list-line__image"
                />
                <div className="list-line__info">
                  <span className="list-line__name">{product.name}</span>
                  <span className="list-line__price">
                    {formatPrice(product.price)}
                    {isWeighed(product.measurementUnit) ? ' / kg' : ''}
                  </span>
                </div>
                <PostButton
                  fields={{
                    intent: 'add',
                    deliveryDate: run.deliveryDate,
                    skuId: product.id,
                    name: product.name,
                  }}
                  label={`Agregar ${product.name}`}
                  busy={busy}
                >
                  Agregar
                </PostButton>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** The delivery built for the basket: mode, address or store, window and fee. */
export function BasketDelivery({ id, delivery }: { id: string; delivery: Basket['delivery'] }) {
  return (
    <section className="list-page__section" aria-labelledby={`${id}-delivery`}>
      <h2 id={`${id}-delivery`} className="account-section__title">
        Entrega
      </h2>
      {delivery ? (
        <dl className="bank-account">
          <dt>Modo de entrega</dt>
          <dd>{delivery.methodName}</dd>
          {delivery.address ? (
            <>
              <dt>Dirección</dt>
              <dd>{delivery.address}</dd>
            </>
          ) : null}
          {delivery.storeName ? (
            <>
              <dt>Tienda</dt>
              <dd>{delivery.storeName}</dd>
            </>
          ) : null}
          <dt>Horario</dt>
          <dd>{delivery.window ? windowLine(delivery.window) : 'Sin horario reservado'}</dd>
          <dt>Despacho</dt>
          <dd>{windowFee(delivery.fee)}</dd>
        </dl>
      ) : (
        <p>Aún no hay una entrega armada para esta compra.</p>
      )}
    </section>
  );
}

/** The card that pays at the cut-off, and the basket's total. */
export function BasketPayment({ id, basket }: { id: string; basket: Basket }) {
  const { run, card, totals } = basket;
  return (
    <section className="list-page__section" aria-labelledby={`${id}-payment`}>
      <h2 id={`${id}-payment`} className="account-section__title">
        Pago
      </h2>
      {card ? (
        <p>
          La pagaremos con tu tarjeta {cardName(card)} ({CARD_KIND_LABELS[card.paymentMethod]}) el{' '}
          {formatDateTime(run.cutOffAt)}.
        </p>
      ) : (
        <p>
          No tienes una tarjeta guardada: sin ella no podremos pedir tu compra.{' '}
          <Link to={SAVED_CARDS_PATH}>Agrega una en Mis tarjetas</Link> antes del{' '}
          {formatDateTime(run.cutOffAt)}.
        </p>
      )}
      <dl className="bank-account" aria-label="Total de tu compra">
        <dt>Productos</dt>
        <dd>{formatPrice(totals.items)}</dd>
        <dt>Despacho</dt>
        <dd>{windowFee(totals.delivery)}</dd>
        <dt>Total</dt>
        <dd data-testid="basket-total">{formatPrice(totals.total)}</dd>
      </dl>
    </section>
  );
}

/** Skipping this delivery (while open) and pausing or resuming the schedule. */
export function BasketSchedule({
  id,
  basket,
  open,
  busy,
}: {
  id: string;
  basket: Basket;
  open: boolean;
  busy: boolean;
}) {
  const { list, run } = basket;
  return (
    <section className="list-page__section" aria-labelledby={`${id}-schedule`}>
      <h2 id={`${id}-schedule`} className="account-section__title">
        Esta entrega y las próximas
      </h2>
      {open ? (
        <Form method="post">
          <input type="hidden" name="intent" value="skip" />
          <input type="hidden" name="deliveryDate" value={run.deliveryDate} />
          <button type="submit" className="button button--secondary" disabled={busy}>
            Saltar esta entrega
          </button>
        </Form>
      ) : null}
      {list.schedule.status !== SHOPPING_LIST_SCHEDULE_STATUS.unscheduled ? (
        <Form method="post">
          <input type="hidden" name="deliveryDate" value={run.deliveryDate} />
          {list.schedule.status === SHOPPING_LIST_SCHEDULE_STATUS.scheduled ? (
            <button
              type="submit"
              name="intent"
              value="pause"
              className="button button--secondary"
              disabled={busy}
            >
              Pausar compra programada
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="resume"
              className="button button--secondary"
              disabled={busy}
            >
              Reanudar compra programada
            </button>
          )}
        </Form>
      ) : null}
    </section>
  );
}
