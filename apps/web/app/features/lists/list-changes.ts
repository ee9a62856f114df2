import { redirect } from 'react-router';
import { parseListSkus, type ShoppingList, type StorefrontServices } from '@despensa/contracts';
import { MAX_QUANTITY } from '@despensa/domain';
import { formatDate } from '../../lib/format';
import { MY_LISTS_PATH, listPath } from './paths';
import { scheduleLabel } from './schedule-label';

/** What a list form answers (a deleted list redirects to the lists page instead). */
export type ListActionResult =
  | { ok: true; intent: string; message: string; listId?: string }
  | { ok: false; intent: string; error: string };

/** A list form's change: whose lists, which list, and what the form sent. */
export interface ListChange {
  lists: StorefrontServices['shopperLists'];
  token: string | undefined;
  listId: string;
  form: FormData;
  intent: string;
}

export const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const quantityOf = (form: FormData, fallback = 1) => {
  const value = Number(form.get('quantity') ?? fallback);
  return Number.isInteger(value) ? Math.min(MAX_QUANTITY, Math.max(0, value)) : fallback;
};

export function ok(intent: string, message: string, listId?: string): ListActionResult {
  return { ok: true, intent, message, ...(listId ? { listId } : {}) };
}

/** A new list, with the product it was made for (the add-to-list dialog) or empty. */
async function create({ lists, token, form, intent }: ListChange) {
  const skuId = text(form, 'skuId');
  const skus = skuId ? { [skuId]: Math.max(1, quantityOf(form)) } : {};
  const list = await lists.create(token, {
    name: text(form, 'name'),
    skus: JSON.stringify(skus),
    type: 'client',
  });
  // Without the dialog (no JavaScript), the new list's page.
  if (form.get('then') === 'open') return redirect(listPath(list.id));
  return ok(
    intent,
    skuId ? `Agregaste el producto a ${list.name}` : `Creaste la lista ${list.name}`,
    list.id,
  );
}

async function addSku({ lists, token, listId, form, intent }: ListChange) {
  const list = await lists.addSku(token, listId, text(form, 'skuId'), Math.max(1, quantityOf(form)));
  return ok(intent, `Agregaste el producto a ${list.name}`, list.id);
}

async function rename({ lists, token, listId, form, intent }: ListChange) {
  const list = await lists.list(token, listId);
  const renamed = await lists.update(token, listId, { ...list, name: text(form, 'name') });
  return ok(intent, `La lista ahora se llama ${renamed.name}`, listId);
}

/** A product's quantity in the list; 0 takes it out. */
async function setQuantity({ lists, token, listId, form, intent }: ListChange) {
  const list = await lists.list(token, listId);
  const skus = { ...(parseListSkus(list.skus) ?? {}) };
  const quantity = quantityOf(form);
  if (quantity === 0) delete skus[text(form, 'skuId')];
  else skus[text(form, 'skuId')] = quantity;
  await lists.update(token, listId, { ...list, skus: JSON.stringify(skus) });
  return ok(intent, quantity === 0 ? 'Quitaste el producto de la lista' : 'Cantidad actualizada', listId);
}

/** The list's scheduled purchase: how often and on which day. */
async function schedule({ lists, token, listId, form, intent }: ListChange) {
  const list = await lists.list(token, listId);
  const chosen = {
    status: Number(form.get('status')),
    frequency: Number(form.get('frequency')),
    deliveryDay: Number(form.get('deliveryDay')),
  } as ShoppingList['schedule'];
  const saved = await lists.update(token, listId, { ...list, schedule: chosen });
  return ok(intent, `Programación guardada: ${scheduleLabel(saved.schedule)}`, listId);
}

async function skipRun({ lists, token, listId, intent }: ListChange) {
  const run = await lists.skipRun(token, listId);
  return ok(intent, `Saltaste la entrega del ${formatDate(`${run.deliveryDate}T12:00:00-03:00`)}`, listId);
}

async function pauseOrResume({ lists, token, listId, intent }: ListChange) {
  const paused = intent === 'pause';
  await lists.setScheduleStatus(token, listId, paused ? 2 : 1);
  return ok(intent, paused ? 'Pausaste la compra programada' : 'Reanudaste la compra programada', listId);
}

async function remove({ lists, token, listId }: ListChange) {
  await lists.remove(token, listId);
  return redirect(MY_LISTS_PATH);
}

/** The list forms' intents and the change each makes ('add-to-cart' fills the cart: lists-server). */
export const LIST_CHANGES = new Map<string, (change: ListChange) => Promise<unknown>>([
  ['create', create],
  ['add-sku', addSku],
  ['rename', rename],
  ['set-quantity', setQuantity],
  ['schedule', schedule],
  ['skip-run', skipRun],
  ['pause', pauseOrResume],
  ['resume', pauseOrResume],
  ['delete', remove],
]);
