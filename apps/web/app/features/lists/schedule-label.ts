import { SHOPPING_LIST_SCHEDULE_STATUS } from '@despensa/domain';
import type { ShoppingList } from '@despensa/contracts';

/** Monday = 1 … Sunday = 7 (§4). */
export const DELIVERY_DAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

/** How a list's §4 schedule reads: 'Sin programar', 'Cada 2 semanas, los sábado', 'Pausada'. */
export function scheduleLabel(schedule: ShoppingList['schedule']): string {
  if (schedule.status === SHOPPING_LIST_SCHEDULE_STATUS.unscheduled) return 'Sin programar';
  const every = schedule.frequency === 1 ? 'Cada semana' : `Cada ${schedule.frequency} semanas`;
  const when = `${every}, el ${DELIVERY_DAY_NAMES[schedule.deliveryDay - 1]}`;
  return schedule.status === SHOPPING_LIST_SCHEDULE_STATUS.paused ? `Pausada (${when.toLowerCase()})` : when;
}
