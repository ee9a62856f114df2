import { LOCALE, SHOP_TIME_ZONE } from '@despensa/domain';
import type { AuditActor, IntegrationScope } from '@despensa/contracts';

/** Each scope of an integration key, as the back office names it. */
export const SCOPE_LABELS: Record<IntegrationScope, string> = {
  catalog: 'Catálogo',
  prices: 'Precios',
  stock: 'Stock',
  promotions: 'Promociones',
  content: 'Contenido',
  'orders-read': 'Lectura de pedidos',
};

/** The audit log's actions in the shop's words; an action not named here shows as the server wrote it. */
const ACTION_LABELS: Record<string, string> = {
  'appKey.create': 'Clave de integración creada',
  'appKey.revoke': 'Clave de integración revocada',
  'pricing.settings': 'Configuración de precios',
  'price.put': 'Precio cambiado',
  'price.delete': 'Precio eliminado',
  'inventory.put': 'Stock cambiado',
  'brand.create': 'Marca creada',
  'brand.put': 'Marca editada',
  'category.put': 'Categoría editada',
  'category.create': 'Categoría creada',
  'product.create': 'Producto creado',
  'product.put': 'Producto editado',
  'product.specification': 'Especificaciones del producto',
  'sku.create': 'SKU creado',
  'collection.create': 'Colección creada',
  'collection.addSku': 'Producto agregado a la colección',
  'collection.removeSku': 'Producto quitado de la colección',
  'sku.put': 'SKU editado',
  'promotion.create': 'Promoción creada',
  'promotion.update': 'Promoción editada',
  'promotion.pause': 'Promoción en pausa',
  'promotion.resume': 'Promoción reanudada',
  'coupon.create': 'Cupón creado',
  'coupon.update': 'Cupón editado',
  'coupon.pause': 'Cupón en pausa',
  'coupon.resume': 'Cupón reanudado',
  'popularSearches.set': 'Búsquedas populares cambiadas',
  'order.refundLine': 'Devolución de un producto',
  'order.resendConfirmation': 'Correo de confirmación reenviado',
  'order.edit': 'Pedido modificado por el cliente',
  'order.reschedule': 'Pedido reagendado por el cliente',
  'order.replacementAnswer': 'Reemplazo respondido por el cliente',
  'offerFeed.import': 'Carga de ofertas',
  'store.change': 'Tienda editada',
  'deliveryWindow.change': 'Horario de entrega cambiado',
  'coverageZone.create': 'Zona dibujada',
  'coverageZone.remove': 'Zona eliminada',
  'staff.create': 'Cuenta del personal creada',
  'staff.change': 'Cuenta del personal cambiada',
  'featureFlag.set': 'Función activada o desactivada',
  'content.draft': 'Borrador de contenido guardado',
  'content.discardDraft': 'Borrador de contenido descartado',
  'content.publish': 'Contenido publicado o programado',
  'content.cancelSchedule': 'Publicación programada cancelada',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

export function actorLabel(actor: AuditActor): string {
  if (actor.kind === 'customer') return `Cliente ${actor.id}`;
  return actor.kind === 'staff' ? `Personal ${actor.id}` : `Clave de integración ${actor.id}`;
}

const stampFormatter = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: SHOP_TIME_ZONE,
});

/** '2026-11-29T08:39:02Z' → '29-11-2026, 05:39:02' (Santiago time, to the second: the log's order). */
export function formatStamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : stampFormatter.format(date);
}
