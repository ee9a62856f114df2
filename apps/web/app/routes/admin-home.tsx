import { Link, useRouteLoaderData } from 'react-router';
import { adminPagesFor } from '../features/admin/admin-shell';
import type { loader as layoutLoader } from './admin-layout';

/** /admin: where the back office's pages start (those the staff member's role opens). */
export default function AdminHome() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/admin-layout');
  return (
    <>
      <h1>Administración de la tienda</h1>
      <ul>
        {(layout ? adminPagesFor(layout.staff.role) : []).map((page) => (
          <li key={page.to}>
            <Link to={page.to}>{page.label}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
