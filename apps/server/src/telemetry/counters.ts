import { Counter } from 'prom-client';

/**
 * What the shop sold, for /metrics (issue 31 item 4): counted where it happens (flows), exposed by each
 * instance's registry (http/metrics.ts). Module-level, since a flow has no registry of its own; a test
 * process that builds several shops reads their sum.
 */
export const ordersCounter = new Counter({
  name: 'despensa_orders_total',
  help: 'Order groups by outcome: placed (sent to pay), confirmed (paid), canceled (payment failed)',
  labelNames: ['outcome'],
  registers: [],
});

export const paymentsCounter = new Counter({
  name: 'despensa_payments_total',
  help: 'Payments settled by payment channel and outcome: approved, declined, refunded (approved, then given back)',
  labelNames: ['channel', 'outcome'],
  registers: [],
});
