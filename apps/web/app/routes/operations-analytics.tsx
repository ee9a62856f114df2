import { data, redirect } from 'react-router';
import { analyticsDashboardQuery } from '@despensa/contracts';
import { AnalyticsDashboardView, StaffKeyForm } from '../features/platform/dashboard/analytics-dashboard';
import { isStaff, staffCookie } from '../features/platform/dashboard/staff-guard';
import type { Route } from './+types/operations-analytics';

/** /operaciones/analitica: the merchandisers' dashboard, behind the staff key (§1 analytics). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  if (!isStaff(request, services)) return { dashboard: null };
  const url = new URL(request.url);
  const query = analyticsDashboardQuery.safeParse({
    from: url.searchParams.get('from') || undefined,
    to: url.searchParams.get('to') || undefined,
  });
  return { dashboard: await services.analytics.dashboard(query.success ? query.data : {}) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const key = String((await request.formData()).get('clave') ?? '');
  if (!context.services.analytics.isStaffKey(key))
    return data({ error: 'Clave incorrecta' }, { status: 403 });
  throw redirect('/operaciones/analitica', { headers: { 'set-cookie': staffCookie(request, key) } });
}

export const meta: Route.MetaFunction = () => [
  { title: 'Analítica de la tienda' },
  { name: 'robots', content: 'noindex' },
];

export default function OperationsAnalytics({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.dashboard) return <StaffKeyForm error={actionData?.error ?? null} />;
  return <AnalyticsDashboardView dashboard={loaderData.dashboard} />;
}
