export * from './common';
export * from './catalog';
export * from './storefront';
export * from './content';
export * from './newsletter';
export * from './cart';
export * from './accounts';
export * from './delivery';
