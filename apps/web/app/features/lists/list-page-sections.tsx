import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import type { ShoppingList, StorefrontServices } from '@despensa/contracts';
import {
  MAX_QUANTITY,
  SHOPPING_LIST_SCHEDULE_STATUS,
  formatCLP,
  isWeighed,
  quantityLabel,
} from '@despensa/domain';
import type { ListActionResult } from './list-changes';
import type { ListLine } from './lists-server';
import { listBasketPath } from './paths';
import { DELIVERY_DAY_NAMES, runText, scheduleLabel } from './schedule-label';

type ListRun = Awaited<ReturnType<StorefrontServices['shopperLists']['currentRun']>>;
type PageList = Pick<ShoppingList, 'id' | 'name' | 'schedule'>;

/** 'Agregar lista al carro' and what it answered: what went in, what is not available. */
export function ListToCart({ list, empty }: { list: PageList; empty: boolean }) {
  const toCart = useFetcher<ListActionResult>();
  const cartResult = toCart.state === 'idle' ? toCart.data : undefined;
  return (
    <>
      <toCart.Form method="post" className="list-page__to-cart">
        <input type="hidden" name="intent" value="add-to-cart" />
        <input type="hidden" name="listId" value={list.id} />
        <button type="submit" className="button button--primary" disabled={empty || toCart.state !== 'idle'}>
          Agregar lista al carro
        </button>
      </toCart.Form>
      <p role="status" className="list-page__status">
        {cartResult ? (cartResult.ok ? cartResult.message : cartResult.error) : ''}
      </p>
    </>
  );
}

/** The list's name, changed in place. */
export function RenameList({ list }: { list: PageList }) {
  const id = useId();
  const rename = useFetcher<ListActionResult>();
  return (
    <section className="list-page__section" aria-labelledby={`${id}-rename`}>
      <h2 id={`${id}-rename`} className="account-section__title">
        Nombre de la lista
      </h2>
      <rename.Form method="post" className="list-form list-form--inline">
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="listId" value={list.id} />
        <label htmlFor={`${id}-name`} className="field__label">
          Nuevo nombre
        </label>
        <input
          id={`${id}-name`}
          name="name"
          className="field__input"
          defaultValue={list.name}
          required
          maxLength={60}
        />
        <button type="submit" className="button button--secondary">
          Cambiar nombre
        </button>
      </rename.Form>
    </section>
  );
}

/** §9 scheduled purchase: this run (review, skip), pause or resume, and how often and on which day. */
export function ListSchedule({ list, run }: { list: PageList; run: ListRun }) {
  const id = useId();
  const skip = useFetcher<ListActionResult>();
  const pause = useFetcher<ListActionResult>();
  return (
    <section className="list-page__section" aria-labelledby={`${id}-schedule`}>
      <h2 id={`${id}-schedule`} className="account-section__title">
        Compra programada
      </h2>
      <p>{scheduleLabel(list.schedule)}</p>
      {run && (
        <div className="list-page__run">
          <p>{runText(run)}</p>
          {run.status !== 'upcoming' ? (
            <p>
              <Link to={listBasketPath(list.id, run.deliveryDate)}>
                {run.status === 'built' ? 'Revisar y cambiar tu compra' : 'Ver tu compra'}
              </Link>
            </p>
          ) : null}
          {(run.status === 'upcoming' || run.status === 'built') && (
            <skip.Form method="post">
              <input type="hidden" name="intent" value="skip-run" />
              <input type="hidden" name="listId" value={list.id} />
              <button type="submit" className="button button--secondary">
                Saltar esta entrega
              </button>
            </skip.Form>
          )}
        </div>
      )}
      {list.schedule.status !== SHOPPING_LIST_SCHEDULE_STATUS.unscheduled && (
        <pause.Form method="post">
          <input type="hidden" name="listId" value={list.id} />
          {list.schedule.status === SHOPPING_LIST_SCHEDULE_STATUS.scheduled ? (
            <button type="submit" name="intent" value="pause" className="button button--secondary">
              Pausar compra programada
            </button>
          ) : (
            <button type="submit" name="intent" value="resume" className="button button--secondary">
              Reanudar compra programada
            </button>
          )}
        </pause.Form>
      )}
      <ScheduleForm list={list} />
    </section>
  );
}

function ScheduleForm({ list }: { list: PageList }) {
  const id = useId();
  const schedule = useFetcher<ListActionResult>();
  return (
    <schedule.Form method="post" className="list-form list-form--inline">
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="listId" value={list.id} />
      <label htmlFor={`${id}-status`} className="field__label">
        Estado
      </label>
      <select id={`${id}-status`} name="status" className="field__input" defaultValue={list.schedule.status}>
        <option value={SHOPPING_LIST_SCHEDULE_STATUS.unscheduled}>Sin programar</option>
        <option value={SHOPPING_LIST_SCHEDULE_STATUS.scheduled}>Programada</option>
        <option value={SHOPPING_LIST_SCHEDULE_STATUS.paused}>Pausada</option>
      </select>
      <label htmlFor={`${id}-frequency`} className="field__label">
        Frecuencia
      </label>
      <select
        id={`${id}-frequency`}
        name="frequency"
        className="field__input"
        defaultValue={list.schedule.frequency}
      >
        {[1, 2, 3, 4].map((weeks) => (
          <option key={weeks} value={weeks}>
            {weeks === 1 ? 'Cada semana' : `Cada ${weeks} semanas`}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-day`} className="field__label">
        Día de entrega
      </label>
      <select
        id={`${id}-day`}
        name="deliveryDay"
        className="field__input"
        defaultValue={list.schedule.deliveryDay}
      >
        {DELIVERY_DAY_NAMES.map((day, index) => (
          <option key={day} value={index + 1}>
            {day}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        Guardar programación
      </button>
    </schedule.Form>
  );
}

/** 'Eliminar lista', after the shopper confirms it. */
export function DeleteList({ list }: { list: PageList }) {
  return (
    <form
      method="post"
      className="list-page__delete"
      onSubmit={(event) => {
        if (!window.confirm(`¿Eliminar la lista ${list.name}?`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="listId" value={list.id} />
      <button type="submit" className="button button--secondary">
        Eliminar lista
      </button>
    </form>
  );
}

export function ListLineRow({ line, listId }: { line: ListLine; listId: string }) {
  const id = useId();
  const fetcher = useFetcher<ListActionResult>();
  return (
    <li className="list-line">
      <img src={line.imageUrl} alt="" width={64} height={64} loading="lazy" className="list-line__image" />
      <div className="list-line__info">
        <Link to={line.link} className="list-line__name">
          {line.name}
        </Link>
        {line.available ? (
          <span className="list-line__price">
            {formatCLP(line.price)}
            {isWeighed(line.measurementUnit) ? ' / kg' : ''}
          </span>
        ) : (
          <span className="list-line__unavailable">No disponible</span>
        )}
      </div>
      <fetcher.Form method="post" className="list-line__quantity">
        <input type="hidden" name="intent" value="set-quantity" />
        <input type="hidden" name="listId" value={listId} />
        <input type="hidden" name="skuId" value={line.skuId} />
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Cantidad de {line.name}
        </label>
        <select
          id={`${id}-q`}
          name="quantity"
          className="field__input"
          defaultValue={line.quantity}
          onChange={(event) => fetcher.submit(event.currentTarget.form)}
        >
          {/* A weighed product is chosen by weight, as in the cart: '0,5 kg', '1 kg'… (issue #17). */}
          {Array.from({ length: MAX_QUANTITY }, (_, i) => i + 1).map((quantity) => (
            <option key={quantity} value={quantity}>
              {quantityLabel({ ...line, quantity })}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="button button--secondary">
            Actualizar
          </button>
        </noscript>
      </fetcher.Form>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="set-quantity" />
        <input type="hidden" name="listId" value={listId} />
        <input type="hidden" name="skuId" value={line.skuId} />
        <input type="hidden" name="quantity" value="0" />
        <button type="submit" className="list-line__remove" aria-label={`Quitar ${line.name} de la lista`}>
          Quitar
        </button>
      </fetcher.Form>
    </li>
  );
}
