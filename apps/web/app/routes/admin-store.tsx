import { data, Link, useActionData, useNavigation } from 'react-router';
import { staffAdministers, staffRunsStores } from '@despensa/domain';
import type { AdminStore, AdminWindow, CoverageZoneView } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireBackOffice } from '../features/admin/admin-server';
import { StoreDetailsForm, storeChangeOf } from '../features/admin/store-details-form';
import { WindowTable } from '../features/admin/window-table';
import { ZoneMap } from '../features/admin/zone-map';
import type { Route } from './+types/admin-store';
import { ActionAnswer } from '../features/admin/action-answer';

/** /admin/tiendas/:storeId: a store's details, its delivery windows with their capacity, and its zones. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff, token } = await requireBackOffice(context.services, request, staffRunsStores);
  const path = `/api/admin/stores/${encodeURIComponent(params.storeId)}`;
  const [stores, windows, zones] = await Promise.all([
    backOffice<AdminStore[]>(context.services, request, token, { path: '/api/admin/stores' }),
    backOffice<AdminWindow[]>(context.services, request, token, { path: `${path}/windows` }),
    backOffice<CoverageZoneView[]>(context.services, request, token, { path: `${path}/zones` }),
  ]);
  const store = stores.find((each) => each.id === params.storeId);
  if (!store) throw data(null, { status: 404 });
  return { store, windows, zones, drawsZones: staffAdministers(staff.role) };
}

/** The vertices box's 'lng, lat' lines as one ring (the server says whether it is a polygon). */
function ringOf(text: string): [number, number][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(',').map((part) => Number(part.trim())) as [number, number]);
}

const NOTICES: Record<string, string> = {
  store: 'Datos de la tienda guardados.',
  window: 'Horario guardado.',
  'zone-create': 'Zona guardada.',
  'zone-remove': 'Zona eliminada.',
};

export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireBackOffice(context.services, request, staffRunsStores);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const storePath = `/api/admin/stores/${encodeURIComponent(params.storeId)}`;
  const call = (method: 'PUT' | 'PATCH' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    backOffice(context.services, request, token, { method, path, body });
  try {
    if (intent === 'store') await call('PUT', storePath, storeChangeOf(form));
    else if (intent === 'window') {
      const closed = form.get('closed');
      const change =
        closed === null ? { capacity: Number(form.get('capacity')) } : { closed: closed === 'true' };
      await call('PATCH', `/api/admin/windows/${encodeURIComponent(String(form.get('windowId')))}`, change);
    } else if (intent === 'zone-create') {
      const body = {
        name: String(form.get('name') ?? ''),
        kind: form.get('kind') === 'exclusion' ? 'exclusion' : 'delivery',
        rings: [ringOf(String(form.get('vertices') ?? ''))],
      };
      await call('POST', `${storePath}/zones`, body);
    } else if (intent === 'zone-remove')
      await call('DELETE', `${storePath}/zones/${encodeURIComponent(String(form.get('zoneId')))}`);
    else return data({ error: 'Acción desconocida' }, { status: 400 });
    return { saved: NOTICES[intent]! };
  } catch (error) {
    return refusalAnswer(error);
  }
}

export default function AdminStorePage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const { store, windows, zones, drawsZones } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/tiendas">Tiendas</Link>
      </p>
      <h1>{store.name}</h1>
      <ActionAnswer answer={answer} done="saved" />
      <StoreDetailsForm store={store} busy={busy} />
      <section className="console-card" aria-labelledby="windows-heading">
        <h2 id="windows-heading">Horarios de entrega</h2>
        <p>Un horario cerrado deja de ofrecerse a los clientes; lo ya reservado se mantiene.</p>
        <WindowTable windows={windows} busy={busy} />
      </section>
      {/* The key starts a new draft once a zone is saved or removed (a refused one keeps its vertices). */}
      {drawsZones ? <ZoneMap key={zones.length} store={store} zones={zones} busy={busy} /> : null}
    </>
  );
}
