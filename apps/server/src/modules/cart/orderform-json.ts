import { orderForm, orderFormItem, type OrderForm, type OrderFormItem } from '@despensa/contracts';

const orderFormWithoutItems = orderForm.omit({ items: true });
/** Item views are read-only and reused while their line is unchanged (line-memo), so is their JSON. */
const itemJson = new WeakMap<OrderFormItem, string>();

/**
 * The orderForm validated against the contract and encoded, as every cart answer goes out (PATCH answers
 * and the cached bytes of GET alike). An item already validated and encoded is not done twice. Parse
 * strips what the contract does not name, so what is encoded is exactly what was checked.
 */
export function orderFormJson(form: OrderForm): string {
  const rest = JSON.stringify(orderFormWithoutItems.parse(form));
  const items = form.items.map((item) => {
    let json = itemJson.get(item);
    if (json === undefined) {
      json = JSON.stringify(orderFormItem.parse(item));
      itemJson.set(item, json);
    }
    return json;
  });
  // `rest` is a non-empty object: '{"orderFormId":…}'.
  return `{"items":[${items.join(',')}],${rest.slice(1)}`;
}
