import { orderForm, orderFormItem, type OrderForm, type OrderFormItem } from '@despensa/contracts';

const orderFormWithoutItems = orderForm.omit({ items: true });
/** Item views are read-only and reused while their line is unchanged (line-memo), so are their bytes. */
const itemBytes = new WeakMap<OrderFormItem, Buffer>();
const ITEMS_OPEN = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');
const ITEMS_CLOSE = Buffer.from('],');

/**
 * The orderForm validated against the contract and encoded as UTF-8, as every cart answer goes out (PATCH
 * answers and the cached bytes of GET alike). An item already validated and encoded is not done twice.
 * Parse strips what the contract does not name, so what is encoded is exactly what was checked. Bytes,
 * not a string: the items are most of a large cart's 100 KB, and copying their kept bytes spares joining
 * them into a string that the reply would then measure and encode again on every answer.
 */
export function orderFormJson(form: OrderForm): Buffer {
  const parts: Buffer[] = [ITEMS_OPEN];
  form.items.forEach((item, index) => {
    let bytes = itemBytes.get(item);
    if (bytes === undefined) {
      bytes = keptBytes(JSON.stringify(orderFormItem.parse(item)));
      itemBytes.set(item, bytes);
    }
    if (index > 0) parts.push(COMMA);
    parts.push(bytes);
  });
  // The rest is a non-empty object, '{"orderFormId":…}': its fields follow the items.
  const rest = JSON.stringify(orderFormWithoutItems.parse(form));
  parts.push(ITEMS_CLOSE, Buffer.from(rest.slice(1)));
  return Buffer.concat(parts);
}

/** Bytes of their own: a small Buffer.from is a slice of a shared 8 KB slab, which a kept slice would pin. */
function keptBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
