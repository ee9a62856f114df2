import { Link } from 'react-router';
import { LOYALTY_REWARDS } from '@despensa/domain';
import { requireFeature } from '../features/lists/features-server';
import { formatNumber } from '../lib/format';
import '../features/prime/prime.css';
import type { Route } from './+types/coupons';

/** /cupones (§2, with the minimal copyright-only footer): the coupons points buy, for everyone. */
export async function loader({ context }: Route.LoaderArgs) {
  await requireFeature(context.services, 'loyalty');
  return { brandName: context.services.brand.name };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Cupones | ${loaderData?.brandName ?? 'Despensa'}` }];
}

export default function CouponsPage() {
  return (
    <main className="account-page container">
      <h1 className="account-page__title">Cupones</h1>
      <p>Junta puntos con tus compras (1 punto por cada $100) y cámbialos por estos cupones.</p>
      <ul className="loyalty-coupons">
        {LOYALTY_REWARDS.map((reward) => (
          <li key={reward.id} className="loyalty-coupon">
            <h2>{reward.name}</h2>
            <p>{reward.description}</p>
            <p>{formatNumber(reward.points)} puntos</p>
          </li>
        ))}
      </ul>
      <Link to="/mi-cupon" className="button button--primary">
        Ver mis puntos
      </Link>
    </main>
  );
}
