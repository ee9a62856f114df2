import { Form } from 'react-router';
import type { BackOfficeProduct } from '@despensa/contracts';
import { formatPrice } from '../../lib/format';
import { FixedPriceForm } from './fixed-price-form';
import { ShelfCellForm } from './shelf-cell-form';
import { Field, FormNotice, fieldError, type FormAnswer } from './form-field';

type SkuEntry = BackOfficeProduct['skus'][number];

export const PRODUCT_FIELDS = ['Name', 'Description', 'BrandId', 'CategoryId', 'IsActive'] as const;
export const SKU_FIELDS = ['Name', 'Ean', 'MeasurementUnit', 'UnitMultiplier', 'ImageUrl'] as const;
export const PRICE_FIELDS = ['basePrice', 'listPrice', 'costPrice'] as const;

/** The product's own fields: name, description, brand and category (a leaf of the menu). */
export function ProductForm({
  page,
  answer,
  busy,
}: {
  page: BackOfficeProduct;
  answer: FormAnswer;
  busy: boolean;
}) {
  const { product } = page;
  const error = (field: string) => fieldError(answer, 'product', field);
  return (
    <Form method="post" className="console-card admin-form" aria-labelledby="product-form">
      <h2 id="product-form">Producto {product.Id}</h2>
      <input type="hidden" name="intent" value="product" />
      <Field
        id="product-Name"
        label="Nombre"
        name="Name"
        defaultValue={product.Name}
        required
        maxLength={200}
        error={error('Name')}
      />
      <Field id="product-Description" label="Descripción" error={error('Description')}>
        <textarea
          id="product-Description"
          name="Description"
          defaultValue={product.Description}
          rows={4}
          maxLength={20000}
        />
      </Field>
      <Field id="product-BrandId" label="Marca" error={error('BrandId')}>
        <Select
          id="product-BrandId"
          name="BrandId"
          value={product.BrandId}
          options={page.brands}
          invalid={!!error('BrandId')}
        />
      </Field>
      <Field id="product-CategoryId" label="Categoría" error={error('CategoryId')}>
        <Select
          id="product-CategoryId"
          name="CategoryId"
          value={product.CategoryId}
          options={page.categories}
          invalid={!!error('CategoryId')}
        />
      </Field>
      <label className="admin-check">
        <input type="checkbox" name="IsActive" defaultChecked={product.IsActive} />A la venta (sin marcar, el
        producto sale de la tienda: ninguna página, búsqueda ni carro lo muestra)
      </label>
      <FormNotice answer={answer} form="product" fields={PRODUCT_FIELDS} />
      <button type="submit" className="button button--primary" disabled={busy}>
        Guardar producto
      </button>
    </Form>
  );
}

function Select({
  id,
  name,
  value,
  options,
  invalid,
}: {
  id: string;
  name: string;
  value: number;
  options: { id: number; name: string }[];
  invalid: boolean;
}) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={value}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
    >
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );
}

/** A SKU's fields: name, EAN, and how it is sold (by the unit, or by weight in steps of its multiplier). */
export function SkuForm({ entry, answer, busy }: { entry: SkuEntry; answer: FormAnswer; busy: boolean }) {
  const { sku } = entry;
  const form = `sku-${sku.Id}`;
  const error = (field: string) => fieldError(answer, form, field);
  return (
    <Form method="post" className="admin-form" aria-label={`Datos del SKU ${sku.Id}`}>
      <input type="hidden" name="intent" value="sku" />
      <input type="hidden" name="skuId" value={sku.Id} />
      <Field
        id={`${form}-Name`}
        label="Nombre del SKU"
        name="Name"
        defaultValue={sku.Name}
        required
        maxLength={200}
        error={error('Name')}
      />
      <Field
        id={`${form}-Ean`}
        label="EAN"
        name="Ean"
        defaultValue={sku.Ean}
        inputMode="numeric"
        pattern="\d{8,14}"
        hint="De 8 a 14 dígitos."
        error={error('Ean')}
      />
      <Field id={`${form}-MeasurementUnit`} label="Unidad de venta" error={error('MeasurementUnit')}>
        <select id={`${form}-MeasurementUnit`} name="MeasurementUnit" defaultValue={sku.MeasurementUnit}>
          <option value="un">Por unidad (un)</option>
          <option value="kg">Por peso (kg)</option>
        </select>
      </Field>
      <Field
        id={`${form}-UnitMultiplier`}
        label="Multiplicador de unidad"
        name="UnitMultiplier"
        type="number"
        step="0.001"
        min="0.001"
        max="1000"
        defaultValue={sku.UnitMultiplier}
        hint="Para productos por peso: los kilos de cada paso (0.25 = 250 g)."
        error={error('UnitMultiplier')}
      />
      <Field
        id={`${form}-ImageUrl`}
        label="Imagen (dirección https)"
        name="ImageUrl"
        type="url"
        maxLength={2000}
        defaultValue={sku.ImageUrl ?? ''}
        hint="La foto del producto en el servidor de imágenes de la cadena. Vacío: la tienda dibuja una."
        error={error('ImageUrl')}
      />
      <FormNotice answer={answer} form={form} fields={SKU_FIELDS} />
      <button type="submit" className="button button--secondary" disabled={busy}>
        Guardar SKU
      </button>
    </Form>
  );
}

/** The SKU's price table row in pesos, as the price engine reads it (fixed prices per store are kept). */
export function PriceForm({ entry, answer, busy }: { entry: SkuEntry; answer: FormAnswer; busy: boolean }) {
  const { sku, price } = entry;
  const form = `price-${sku.Id}`;
  const error = (field: string) => fieldError(answer, form, field);
  const pesos = { type: 'number', min: 0, max: 100_000_000, step: 1 } as const;
  return (
    <Form method="post" className="admin-form" aria-label={`Precios del SKU ${sku.Id}`}>
      <input type="hidden" name="intent" value="price" />
      <input type="hidden" name="skuId" value={sku.Id} />
      <Field
        id={`${form}-basePrice`}
        label="Precio base (pesos)"
        name="basePrice"
        required
        defaultValue={price?.basePrice ?? ''}
        error={error('basePrice')}
        {...pesos}
      />
      <Field
        id={`${form}-listPrice`}
        label="Precio normal, antes del descuento (pesos)"
        name="listPrice"
        defaultValue={price?.listPrice ?? ''}
        error={error('listPrice')}
        {...pesos}
      />
      <Field
        id={`${form}-costPrice`}
        label="Costo (pesos)"
        name="costPrice"
        defaultValue={price?.costPrice ?? ''}
        error={error('costPrice')}
        {...pesos}
      />
      {price && price.fixedPrices.length > 0 ? (
        <p className="admin-hint">
          Tiene {price.fixedPrices.length} precio(s) fijo(s) por tienda, que se conservan.
        </p>
      ) : null}
      <FormNotice answer={answer} form={form} fields={PRICE_FIELDS} />
      <button type="submit" className="button button--secondary" disabled={busy}>
        Guardar precios
      </button>
    </Form>
  );
}

/** The SKU's shelf in every store: its price there and the units left to sell; each count can be set. */
export function StockTable({ entry, answer, busy }: { entry: SkuEntry; answer: FormAnswer; busy: boolean }) {
  const { sku, shelves } = entry;
  return (
    <table className="console-table">
      <caption>Precio y stock por tienda del SKU {sku.Id}</caption>
      <thead>
        <tr>
          <th scope="col">Tienda</th>
          <th scope="col">Precio</th>
          <th scope="col">Disponible</th>
          <th scope="col">Unidades en la tienda</th>
          <th scope="col">Precio fijo en la tienda</th>
        </tr>
      </thead>
      <tbody>
        {shelves.map((shelf) => (
          <tr key={shelf.warehouseId}>
            <th scope="row">{shelf.storeName}</th>
            <td>{shelf.offer ? formatPrice(shelf.offer.price) : 'No se vende'}</td>
            <td>
              {shelf.offer ? (shelf.offer.unlimited ? 'Sin límite' : shelf.offer.availableQuantity) : '—'}
            </td>
            <td>
              {shelf.offer ? (
                <ShelfCellForm
                  form={`stock-${sku.Id}-${shelf.warehouseId}`}
                  hidden={{ intent: 'stock', skuId: sku.Id, warehouseId: shelf.warehouseId }}
                  name="quantity"
                  label={`Unidades de ${sku.Name} en ${shelf.storeName}`}
                  saveLabel={`Guardar stock en ${shelf.storeName}`}
                  max={10_000_000}
                  required
                  answer={answer}
                  busy={busy}
                />
              ) : null}
            </td>
            <td>
              <FixedPriceForm entry={entry} shelf={shelf} answer={answer} busy={busy} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
