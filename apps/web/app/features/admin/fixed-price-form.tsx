import { Form } from 'react-router';
import type { BackOfficeProduct } from '@despensa/contracts';
import { storeFixedPrice } from '@despensa/domain';
import { FormNotice, fieldError, type FormAnswer } from './form-field';

type SkuEntry = BackOfficeProduct['skus'][number];
type Shelf = SkuEntry['shelves'][number];

/**
 * A store's own price for the SKU (a fixed price of its sales channel, from one unit, undated): set, or
 * cleared to sell at the base price. Dated prices and prices by quantity an ERP sent are kept.
 */
export function FixedPriceForm({
  entry,
  shelf,
  answer,
  busy,
}: {
  entry: SkuEntry;
  shelf: Shelf;
  answer: FormAnswer;
  busy: boolean;
}) {
  const { sku, price } = entry;
  // Without a price row there is no base price for the store's price to stand beside.
  if (!price) return <>Primero el precio base</>;
  const form = `fixed-${sku.Id}-${shelf.salesChannel}`;
  const input = `${form}-value`;
  const error = fieldError(answer, form, 'fixedPrices');
  const current = storeFixedPrice(price.fixedPrices, shelf.salesChannel);
  return (
    <Form method="post" className="admin-check">
      <input type="hidden" name="intent" value="fixedPrice" />
      <input type="hidden" name="skuId" value={sku.Id} />
      <input type="hidden" name="salesChannel" value={shelf.salesChannel} />
      <label htmlFor={input} className="visually-hidden">
        Precio fijo de {sku.Name} en {shelf.storeName} (pesos; vacío para el precio base)
      </label>
      <input
        id={input}
        name="value"
        type="number"
        min={0}
        max={100_000_000}
        step={1}
        defaultValue={current ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${input}-error` : undefined}
      />
      <button
        type="submit"
        className="button button--secondary"
        disabled={busy}
        aria-label={`Guardar precio fijo en ${shelf.storeName}`}
      >
        Guardar
      </button>
      {error ? (
        <span id={`${input}-error`} className="console-error">
          {error}
        </span>
      ) : null}
      <FormNotice answer={answer} form={form} fields={['fixedPrices']} />
    </Form>
  );
}
