import { Form } from 'react-router';
import type { BackOfficeProduct } from '@despensa/contracts';
import { formatPrice } from '../../lib/format';
import { FixedPriceForm } from './fixed-price-form';
import { ShelfCellForm } from './shelf-cell-form';
import { Field, FormSave, SelectField, fieldError, namedFields, type FormAnswer } from './form-field';
import { ColumnHeads } from '../../ui/column-heads';

type SkuEntry = BackOfficeProduct['skus'][number];

export const PRODUCT_FIELDS = ['Name', 'Description', 'BrandId', 'CategoryId', 'IsActive'] as const;
export const SKU_FIELDS = ['Name', 'Ean', 'MeasurementUnit', 'UnitMultiplier', 'ImageUrl'] as const;
const SALE_UNITS = [
  ['un', 'Por unidad (un)'],
  ['kg', 'Por peso (kg)'],
] as const;
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
  const field = namedFields('product', error);
  return (
    <Form method="post" className="console-card admin-form" aria-labelledby="product-form">
      <h2 id="product-form">Producto {product.Id}</h2>
      <input type="hidden" name="intent" value="product" />
      <Field {...field('Name')} label="Nombre" defaultValue={product.Name} required maxLength={200} />
      <Field id="product-Description" label="Descripción" error={error('Description')}>
        <textarea
          id="product-Description"
          name="Description"
          defaultValue={product.Description}
          rows={4}
          maxLength={20000}
        />
      </Field>
      <SelectField
        {...field('BrandId')}
        label="Marca"
        defaultValue={product.BrandId}
        options={page.brands.map((brand) => [brand.id, brand.name])}
        markInvalid
      />
      <SelectField
        {...field('CategoryId')}
        label="Categoría"
        defaultValue={product.CategoryId}
        options={page.categories.map((category) => [category.id, category.name])}
        markInvalid
      />
      <label className="admin-check">
        <input type="checkbox" name="IsActive" defaultChecked={product.IsActive} />A la venta (sin marcar, el
        producto sale de la tienda: ninguna página, búsqueda ni carro lo muestra)
      </label>
      <FormSave answer={answer} form="product" fields={PRODUCT_FIELDS} busy={busy} primary>
        Guardar producto
      </FormSave>
    </Form>
  );
}

/** A SKU's fields: name, EAN, and how it is sold (by the unit, or by weight in steps of its multiplier). */
export function SkuForm({ entry, answer, busy }: { entry: SkuEntry; answer: FormAnswer; busy: boolean }) {
  const { sku } = entry;
  const form = `sku-${sku.Id}`;
  const error = (field: string) => fieldError(answer, form, field);
  const field = namedFields(form, error);
  return (
    <Form method="post" className="admin-form" aria-label={`Datos del SKU ${sku.Id}`}>
      <input type="hidden" name="intent" value="sku" />
      <input type="hidden" name="skuId" value={sku.Id} />
      <Field {...field('Name')} label="Nombre del SKU" defaultValue={sku.Name} required maxLength={200} />
      <Field
        {...field('Ean')}
        label="EAN"
        defaultValue={sku.Ean}
        inputMode="numeric"
        pattern="\d{8,14}"
        hint="De 8 a 14 dígitos."
      />
      <SelectField
        {...field('MeasurementUnit')}
        label="Unidad de venta"
        defaultValue={sku.MeasurementUnit}
        options={SALE_UNITS}
      />
      <Field
        {...field('UnitMultiplier')}
        label="Multiplicador de unidad"
        type="number"
        step="0.001"
        min="0.001"
        max="1000"
        defaultValue={sku.UnitMultiplier}
        hint="Para productos por peso: los kilos de cada paso (0.25 = 250 g)."
      />
      <Field
        {...field('ImageUrl')}
        label="Imagen (dirección https)"
        type="url"
        maxLength={2000}
        defaultValue={sku.ImageUrl ?? ''}
        hint="La foto del producto en el servidor de imágenes de la cadena. Vacío: la tienda dibuja una."
      />
      <FormSave answer={answer} form={form} fields={SKU_FIELDS} busy={busy}>
        Guardar SKU
      </FormSave>
    </Form>
  );
}

/** The SKU's price table row in pesos, as the price engine reads it (fixed prices per store are kept). */
export function PriceForm({ entry, answer, busy }: { entry: SkuEntry; answer: FormAnswer; busy: boolean }) {
  const { sku, price } = entry;
  const form = `price-${sku.Id}`;
  const field = namedFields(form, (name) => fieldError(answer, form, name));
  const pesos = { type: 'number', min: 0, max: 100_000_000, step: 1 } as const;
  return (
    <Form method="post" className="admin-form" aria-label={`Precios del SKU ${sku.Id}`}>
      <input type="hidden" name="intent" value="price" />
      <input type="hidden" name="skuId" value={sku.Id} />
      <Field
        {...field('basePrice')}
        label="Precio base (pesos)"
        required
        defaultValue={price?.basePrice ?? ''}
        {...pesos}
      />
      <Field
        {...field('listPrice')}
        label="Precio normal, antes del descuento (pesos)"
        defaultValue={price?.listPrice ?? ''}
        {...pesos}
      />
      <Field {...field('costPrice')} label="Costo (pesos)" defaultValue={price?.costPrice ?? ''} {...pesos} />
      {price && price.fixedPrices.length > 0 ? (
        <p className="admin-hint">
          Tiene {price.fixedPrices.length} precio(s) fijo(s) por tienda, que se conservan.
        </p>
      ) : null}
      <FormSave answer={answer} form={form} fields={PRICE_FIELDS} busy={busy}>
        Guardar precios
      </FormSave>
    </Form>
  );
}

/** The SKU's shelf in every store: its price there and the units left to sell; each count can be set. */
export function StockTable({ entry, answer, busy }: { entry: SkuEntry; answer: FormAnswer; busy: boolean }) {
  const { sku, shelves } = entry;
  return (
    <table className="console-table">
      <caption>Precio y stock por tienda del SKU {sku.Id}</caption>
      <ColumnHeads
        columns={['Tienda', 'Precio', 'Disponible', 'Unidades en la tienda', 'Precio fijo en la tienda']}
      />
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
