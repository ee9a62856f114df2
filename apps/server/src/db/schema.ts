/** Every module's tables, for drizzle-kit and the typed client. Modules import their own tables directly. */
export * from '../modules/catalog/tables';
export * from '../modules/promotions/tables';
export * from '../modules/content/tables';
export * from '../modules/stores/tables';
export * from '../modules/shipping/tables';
export * from '../modules/newsletter/tables';
export * from '../modules/cart/tables';
export * from '../modules/auth/tables';
export * from '../modules/user/tables';
export * from '../modules/address/tables';
export * from '../flows/tables';
export * from '../providers/acquirer/sandbox/tables';
export * from '../providers/giftcard/sandbox/tables';
export * from '../providers/wallet/sandbox/tables';
export * from '../modules/wallet/tables';
export * from '../modules/orders/tables';
