import { SHOPPING_LIST_SCHEDULE_STATUS } from '@despensa/domain';
import type { ListRunAnswer, ShoppingList } from '@despensa/contracts';
import { formatDate, formatDateTime } from '../../lib/format';

/** Monday = 1 … Sunday = 7 (§4). */
export const DELIVERY_DAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

/** How a list's §4 schedule reads: 'Sin programar', 'Cada 2 semanas, los sábado', 'Pausada'. */
export function scheduleLabel(schedule: ShoppingList['schedule']): string {
  if (schedule.status === SHOPPING_LIST_SCHEDULE_STATUS.unscheduled) return 'Sin programar';
  const every = schedule.frequency === 1 ? 'Cada semana' : `Cada ${schedule.frequency} semanas`;
  const when = `${every}, el ${DELIVERY_DAY_NAMES[schedule.deliveryDay - 1]}`;
  return schedule.status === SHOPPING_LIST_SCHEDULE_STATUS.paused ? `Pausada (${when.toLowerCase()})` : when;
}

/** What the list page says of the coming delivery (§4 run), by what became of it so far. */
export function runText(run: ListRunAnswer): string {
  const day = formatDate(`${run.deliveryDate}T12:00:00-03:00`);
  switch (run.status) {
    case 'skipped':
      return `Saltaste la entrega del ${day}.`;
    case 'failed':
      return `No pudimos preparar tu compra del ${day}: ${run.failure ?? ''} No te cobramos nada.`;
    case 'built':
      return `Tu compra del ${day} está lista${run.windowStart ? `: te reservamos el horario del ${formatDateTime(run.windowStart)}` : ''}. La pedimos con tu tarjeta favorita el ${formatDateTime(run.cutOffAt)} si no la saltas o pausas antes.`;
    case 'placed':
      return `Pedimos tu compra del ${day} (pedido ${run.orderGroup ?? ''}).`;
    case 'edited':
      return `Cambiaste tu compra del ${day}: termínala desde tu carro.`;
    default:
      return `Próxima entrega: ${day}. Armamos tu compra el ${formatDateTime(run.buildAt)} con los precios y el stock de ese día, te avisamos por correo, y la pedimos con tu tarjeta favorita el ${formatDateTime(run.cutOffAt)} si no la saltas o pausas antes.`;
  }
}
