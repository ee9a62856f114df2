import type { BackOfficeProduct } from '@despensa/contracts';
import { storeFixedPrice } from '@despensa/domain';
import type { FormAnswer } from './form-field';
import { ShelfCellForm } from './shelf-cell-form';

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
  return (
    <ShelfCellForm
      form={`fixed-${sku.Id}-${shelf.salesChannel}`}
      hidden={{ intent: 'fixedPrice', skuId: sku.Id, salesChannel: shelf.salesChannel }}
      name="value"
      field="fixedPrices"
      label={`Precio fijo de ${sku.Name} en ${shelf.storeName} (pesos; vacío para el precio base)`}
      saveLabel={`Guardar precio fijo en ${shelf.storeName}`}
      max={100_000_000}
      defaultValue={storeFixedPrice(price.fixedPrices, shelf.salesChannel) ?? ''}
      answer={answer}
      busy={busy}
    />
  );
}
