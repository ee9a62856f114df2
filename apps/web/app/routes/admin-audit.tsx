import { Form, Link } from 'react-router';
import type { AuditLogEntry } from '@despensa/contracts';
import { backOffice, requireAdministrator } from '../features/admin/admin-server';
import { AuditTable } from '../features/admin/audit-table';
import type { Route } from './+types/admin-audit';

/** The log answers at most this many changes per call (auditLogQuery): the page grows by a step to it. */
const STEP = 50;
const MOST = 200;

/** /admin/registro: every change by the back office and the integrations, newest first (?asunto=sku:12). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireAdministrator(context.services, request);
  const params = new URL(request.url).searchParams;
  const subject = (params.get('asunto') ?? '').trim().slice(0, 200);
  const asked = Math.trunc(Number(params.get('cantidad')));
  const limit = Number.isFinite(asked) && asked > 0 ? Math.min(asked, MOST) : STEP;
  const query = new URLSearchParams({ limit: String(limit), ...(subject ? { subject } : {}) });
  const entries = await backOffice<AuditLogEntry[]>(context.services, request, token, {
    path: `/api/admin/audit-log?${query}`,
  });
  return { entries, subject, limit };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, subject, limit } = loaderData;
  const more = entries.length === limit && limit < MOST;
  const moreQuery = new URLSearchParams({
    cantidad: String(Math.min(limit + STEP, MOST)),
    ...(subject ? { asunto: subject } : {}),
  });
  return (
    <>
      <h1>Registro de cambios</h1>
      <Form method="get" className="console-card admin-form" role="search">
        <label>
          Sobre (por ejemplo sku:12 o appKey:…)
          <input type="search" name="asunto" defaultValue={subject} maxLength={200} />
        </label>
        <button type="submit" className="button button--secondary">
          Filtrar
        </button>
      </Form>
      <section className="console-card" aria-labelledby="audit-heading">
        <h2 id="audit-heading">
          {entries.length} cambio(s){subject ? ` sobre ${subject}` : ''}, del más reciente al más antiguo
        </h2>
        <AuditTable entries={entries} />
        {more ? (
          <p>
            <Link to={`?${moreQuery}`}>Mostrar más cambios</Link>
          </p>
        ) : null}
      </section>
    </>
  );
}
