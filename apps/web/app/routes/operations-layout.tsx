import { Outlet } from 'react-router';
import { ConsoleShell } from '../features/operations/console-shell';
import { staffTokenOf } from '../features/operations/staff-server';
import type { Route } from './+types/operations-layout';

/** /operaciones: the store-operations console's layout (its pages check the staff session themselves). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { staff: await context.services.operations.session(staffTokenOf(request)) };
}

export function meta() {
  return [{ title: 'Operaciones de tienda' }, { name: 'robots', content: 'noindex' }];
}

export default function OperationsLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ConsoleShell staff={loaderData.staff}>
      <Outlet />
    </ConsoleShell>
  );
}
