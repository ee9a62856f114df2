import { Form, useActionData, useNavigation } from 'react-router';
import { pointsLabel } from '@despensa/domain';
import { loyaltyAction, loyaltyLoader } from '../features/loyalty/loyalty-server';
import { formatDate, formatNumber } from '../lib/format';
import '../features/lists/lists.css';
import '../features/prime/prime.css';
import type { Route } from './+types/loyalty';

/** §2 loyalty coupon page (/mi-cupon, /micupon, /descuentos-mas-puntos; flag loyalty, §6 employees). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await loyaltyLoader(context.services, request)), brandName: context.services.brand.name };
}

export function action({ request, context }: Route.ActionArgs) {
  return loyaltyAction(context.services, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Mi cupón | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function LoyaltyPage({ loaderData }: Route.ComponentProps) {
  const { points, offered, activated } = loaderData;
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <main className="account-page container">
      <h1 className="account-page__title">Mi cupón</h1>
      <p className="loyalty-points">{pointsLabel(points)}</p>
      <p>Ganas 1 punto por cada $100 de tus compras entregadas.</p>
      {answer && (
        <p role={answer.ok ? 'status' : 'alert'} className="list-page__status">
          {answer.ok ? answer.message : answer.error}
        </p>
      )}
      <h2>Cupones para activar</h2>
      <ul className="loyalty-coupons">
        {offered.map((coupon) => (
          <li key={coupon.rewardId} className="loyalty-coupon">
            <h3>{coupon.name}</h3>
            <p>{coupon.description}</p>
            <p>{formatNumber(coupon.points)} puntos</p>
            <Form method="post">
              <input type="hidden" name="rewardId" value={coupon.rewardId} />
              <button
                type="submit"
                className="button button--primary"
                disabled={busy || points < coupon.points}
                aria-label={`Activar ${coupon.name}`}
              >
                Activar
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {activated.length > 0 && (
        <>
          <h2>Tus cupones activados</h2>
          <ul className="loyalty-coupons">
            {activated.map((coupon) => (
              <li key={coupon.code} className="loyalty-coupon">
                <h3>{coupon.name}</h3>
                <p className="loyalty-coupon__code">{coupon.code}</p>
                {coupon.validUntil && <p>Válido hasta el {formatDate(coupon.validUntil)}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
