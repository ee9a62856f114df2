import { analyticsDashboardQuery } from '@despensa/contracts';
import { AnalyticsDashboardView } from '../features/platform/dashboard/analytics-dashboard';
import { requireStaff } from '../features/operations/staff-server';
import type { Route } from './+types/operations-analytics';

/** /operaciones/analitica: the merchandisers' dashboard (§1 analytics), for a merchandiser's or admin's session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireStaff(context.services, request, 'analytics');
  const url = new URL(request.url);
  const query = analyticsDashboardQuery.safeParse({
    from: url.searchParams.get('from') || undefined,
    to: url.searchParams.get('to') || undefined,
  });
  return { dashboard: await context.services.analytics.dashboard(token, query.success ? query.data : {}) };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Analítica de la tienda' },
  { name: 'robots', content: 'noindex' },
];

export default function OperationsAnalytics({ loaderData }: Route.ComponentProps) {
  return <AnalyticsDashboardView dashboard={loaderData.dashboard} />;
}
