import { Link, useActionData, useNavigation } from 'react-router';
import type { BackOfficeCoupon } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { ActionAnswer } from '../features/admin/action-answer';
import { backOffice, refusalAnswer, requireMerchandiser } from '../features/admin/admin-server';
import { PromotionsTable } from '../features/admin/promotion-labels';
import type { Route } from './+types/admin-coupons';

const COUPONS_PATH = '/api/admin/coupons';

/** /admin/cupones: the chain's coupons, what each gives, where and when; pause or resume one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireMerchandiser(context.services, request);
  const coupons = await backOffice<BackOfficeCoupon[]>(context.services, request, token, {
    path: COUPONS_PATH,
  });
  const saved = new URL(request.url).searchParams.get('guardado');
  return { coupons, saved: coupons.some((each) => each.couponCode === saved) ? saved : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireMerchandiser(context.services, request);
  const form = await request.formData();
  const code = String(form.get('couponCode') ?? '');
  const isActive = form.get('intent') === 'resume';
  try {
    await backOffice<BackOfficeCoupon>(context.services, request, token, {
      method: 'PUT',
      path: `${COUPONS_PATH}/${encodeURIComponent(code)}/active`,
      body: { isActive },
    });
    return { changed: `Cupón ${code}: ${isActive ? 'reanudado' : 'en pausa'}.` };
  } catch (error) {
    return refusalAnswer(error);
  }
}

export function meta() {
  return [{ title: 'Cupones · Administración' }];
}

export default function AdminCoupons({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { coupons, saved } = loaderData;
  return (
    <>
      <h1>Cupones</h1>
      <p>
        <Link to="/admin/cupones/nuevo" className="button button--primary">
          Nuevo cupón
        </Link>
      </p>
      {saved ? (
        <p role="status" className="console-card admin-notice">
          Cupón {saved} guardado.
        </p>
      ) : null}
      <ActionAnswer answer={answer} done="changed" />
      {coupons.length === 0 ? <p>Aún no hay cupones.</p> : null}
      <PromotionsTable
        caption="Cupones, por código"
        headings={['Código', 'Qué da']}
        rows={coupons.map(({ couponCode, promotion }) => ({
          key: couponCode,
          heads: [
            <Link key="code" to={`/admin/cupones/${encodeURIComponent(couponCode)}`}>
              {couponCode}
            </Link>,
            promotion.name,
          ],
          promotion,
          pause: { hidden: { couponCode }, name: `el cupón ${couponCode}` },
        }))}
        busy={busy}
      />
    </>
  );
}
