import { isRouteErrorResponse, Link, Outlet } from 'react-router';
import { AdminShell, adminPagesFor } from '../features/admin/admin-shell';
import { NO_SECTION, REFUSED, requireBackOffice } from '../features/admin/admin-server';
import type { Route } from './+types/admin-layout';

/**
 * /admin: the back office's layout, behind the staff console's login. A role that opens none of its
 * pages (an operator) gets the refusal below; each page's loader checks its own roles again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireBackOffice(
    context.services,
    request,
    (role) => adminPagesFor(role).length > 0,
    NO_SECTION,
  );
  return { staff };
}

export function meta() {
  return [{ title: 'Administración' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staff={loaderData.staff}>
      <Outlet />
    </AdminShell>
  );
}

const REFUSALS: Record<string, string> = {
  [REFUSED]: 'Tu rol no permite administrar la tienda: solo un administrador puede entrar aquí.',
  [NO_SECTION]: 'Tu rol no da acceso a la administración de la tienda.',
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refusal = isRouteErrorResponse(error) ? REFUSALS[String(error.data)] : undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404 ? notFoundOf(error.data) : null;
  if (notFound)
    return (
      <AdminShell staff={null}>
        <section className="console-card" aria-labelledby="admin-not-found">
          <h1 id="admin-not-found">No lo encontramos</h1>
          <p>{notFound}</p>
          <p>
            <Link to="/admin">Volver a la administración</Link>
          </p>
        </section>
      </AdminShell>
    );
  return (
    <AdminShell staff={null}>
      <section className="console-card" aria-labelledby="admin-refused">
        <h1 id="admin-refused">{refusal ? 'Sin acceso a la administración' : 'Algo salió mal'}</h1>
        <p>{refusal ?? 'No pudimos mostrar esta página. Inténtalo de nuevo en un momento.'}</p>
        <p>
          <Link to="/operaciones">Volver a la consola de operaciones</Link>
        </p>
      </section>
    </AdminShell>
  );
}

/** What a back-office read found missing ('No existe ese cupón'), or null for any other 404. */
function notFoundOf(data: unknown): string | null {
  const said = (data as { notFound?: unknown } | null)?.notFound;
  return typeof said === 'string' ? said : null;
}
