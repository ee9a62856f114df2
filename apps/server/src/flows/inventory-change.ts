import { Failure, type AuditActor, type InventoryBody } from '@despensa/contracts';
import type { AuditService } from '../modules/audit/service';
import { UNLIMITED_STOCK, type CatalogService } from '../modules/catalog/service';
import type { OrdersService } from '../modules/orders/service';
import type { StoresService } from '../modules/stores/service';
import { defineFlow } from './flow';

export interface InventoryChangeModules {
  catalog: CatalogService;
  orders: OrdersService;
  stores: StoresService;
  audit: AuditService;
}

/**
 * PUT /api/logistics/pvt/inventory/skus/{skuId}/warehouses/{warehouseId}, in ONE transaction. The
 * warehouse is a store (its sales channel holds the chain's offer). The ERP counts every unit on the
 * shelf, those already promised included: units held by checkouts under way and units sold to orders not
 * yet picked. The offer keeps what is left to sell; a count under what is promised is refused
 * (stockBelowCommitted), as the shelf cannot hold fewer than the orders will take.
 */
export function setInventoryFlow({ catalog, orders, stores, audit }: InventoryChangeModules) {
  return defineFlow<{ actor: AuditActor; skuId: number; warehouseId: string; body: InventoryBody }, true>(
    'set-inventory',
    async ({ actor, skuId, warehouseId, body }, { tx, step }) => {
      const store = (await stores.activeRows()).find((each) => each.id === warehouseId);
      if (!store) throw new Failure('warehouseNotFound');
      if (!(await catalog.skuIsKnown(skuId, tx))) throw new Failure('skuNotFound');
      const offer = await step('lockOffer', () => catalog.lockedChainOffer(skuId, store.salesChannel, tx));
      // The chain does not sell this SKU in the store's channel: there is no shelf to count.
      if (!offer) throw new Failure('skuNotFound', { message: 'La tienda no vende este SKU' });
      const open = await orders.openGroupsAmong(
        offer.holds.filter((hold) => hold.sold).map((hold) => hold.holder),
        tx,
      );
      const committed = offer.holds
        .filter((hold) => !hold.sold || open.has(hold.holder))
        .reduce((sum, hold) => sum + hold.quantity, 0);
      if (!body.unlimitedQuantity && body.quantity < committed)
        throw new Failure('stockBelowCommitted', {
          message: `El stock no puede ser menor que ${committed} unidades, que ya tomaron pedidos abiertos y reservas.`,
          field: 'quantity',
        });
      const available = body.unlimitedQuantity ? UNLIMITED_STOCK : body.quantity - committed;
      await step('setStock', () => catalog.setChainStock(skuId, store.salesChannel, available, tx));
      await step('audit', () =>
        audit.record(tx, {
          actor,
          action: 'inventory.put',
          subject: `sku:${skuId}`,
          before: { warehouseId, availableQuantity: offer.availableQuantity, committed },
          after: {
            warehouseId,
            availableQuantity: available,
            committed,
            quantity: body.quantity,
            unlimitedQuantity: body.unlimitedQuantity,
          },
        }),
      );
      return true;
    },
  );
}
