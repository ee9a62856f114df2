import { Form, Link, useActionData, useNavigation } from 'react-router';
import { formatCLP, staffSupports } from '@despensa/domain';
import type { SupportOrder } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireBackOffice } from '../features/admin/admin-server';
import { formatStamp } from '../features/admin/admin-format';
import type { Route } from './+types/admin-order';
import { ActionAnswer } from '../features/admin/action-answer';
import { ColumnHeads } from '../ui/column-heads';

const orderPath = (orderId: string) => `/api/admin/support/orders/${encodeURIComponent(orderId)}`;

/** /admin/pedidos/:orderId: an order for support, its timeline, a line's refund and the confirmation again. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { token } = await requireBackOffice(context.services, request, staffSupports);
  const order = await backOffice<SupportOrder>(context.services, request, token, {
    path: orderPath(params.orderId),
  });
  return { order };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireBackOffice(context.services, request, staffSupports);
  const form = await request.formData();
  const resend = form.get('intent') === 'resend';
  const index = Number(form.get('line'));
  try {
    const order = await backOffice<SupportOrder>(context.services, request, token, {
      method: 'POST',
      path: resend
        ? `${orderPath(params.orderId)}/confirmation`
        : `${orderPath(params.orderId)}/lines/${index}/refund`,
      body: {},
    });
    const line = order.lines[index];
    return {
      done: resend
        ? `Reenviamos el correo de confirmación a ${order.customer?.email ?? 'el cliente'}.`
        : `Devolvimos ${formatCLP(line?.refunded ?? 0)} por ${line?.name ?? 'el producto'}.`,
    };
  } catch (error) {
    return refusalAnswer(error);
  }
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <p>
        <Link to="/admin/pedidos">Volver a la búsqueda</Link>
      </p>
      <h1>Pedido {order.orderId}</h1>
      <ActionAnswer answer={answer} done="done" />
      <section className="console-card" aria-labelledby="order-summary">
        <h2 id="order-summary">Resumen</h2>
        <dl className="admin-facts">
          <dt>Estado</dt>
          <dd>{order.statusDescription}</dd>
          <dt>Cliente</dt>
          <dd>
            {order.customer
              ? `${order.customer.firstName} ${order.customer.lastName} · ${order.customer.email} · RUT ${order.customer.document}`
              : (order.email ?? '—')}
          </dd>
          <dt>Pagado</dt>
          <dd>{order.payment ? formatCLP(order.payment.value) : '—'}</dd>
          <dt>Devuelto</dt>
          <dd>{formatCLP(order.payment?.refunded ?? 0)}</dd>
        </dl>
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className="button button--secondary" disabled={busy}>
            Reenviar correo de confirmación
          </button>
        </Form>
      </section>
      <OrderLines order={order} busy={busy} />
      <section className="console-card" aria-labelledby="order-timeline">
        <h2 id="order-timeline">Historial</h2>
        <ol className="admin-timeline">
          {order.timeline.map((entry, position) => (
            <li key={position}>
              <time dateTime={entry.at}>{formatStamp(entry.at)}</time> · {entry.text}
              {entry.by ? ` (${entry.by})` : ''}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

function OrderLines({ order, busy }: { order: SupportOrder; busy: boolean }) {
  return (
    <section className="console-card" aria-labelledby="order-lines">
      <h2 id="order-lines">Productos</h2>
      <table className="console-table">
        <ColumnHeads columns={['Producto', 'Cantidad', 'Monto', 'Devuelto', 'Devolución']} />
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.index}>
              <th scope="row">{line.name}</th>
              <td>{line.quantity}</td>
              <td>{formatCLP(line.amount)}</td>
              <td>{line.refunded === null ? '—' : formatCLP(line.refunded)}</td>
              <td>
                {line.refunded === null ? (
                  <Form method="post">
                    <input type="hidden" name="line" value={line.index} />
                    <button type="submit" className="button button--secondary" disabled={busy}>
                      Devolver <span className="visually-hidden">{line.name}</span>
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
