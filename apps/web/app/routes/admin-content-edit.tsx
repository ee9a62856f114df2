import { staffMerchandises } from '@despensa/domain';
import { data, useActionData } from 'react-router';
import { contentDocumentKey, type ContentDocumentView } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireBackOffice } from '../features/admin/admin-server';
import { CONTENT_API, heroBanners, withBannerSchedule } from '../features/admin/content-documents';
import { instantOfLocalInput } from '../features/admin/local-time';
import {
  BannerScheduleForm,
  ContentPreview,
  DocumentForm,
  PublishForms,
} from '../features/admin/content-editor';
import type { Route } from './+types/admin-content-edit';
import { ActionAnswer } from '../features/admin/action-answer';

function documentPath(key: string | undefined): string {
  if (!contentDocumentKey.safeParse(key).success) throw data(null, { status: 404 });
  return `${CONTENT_API}/${key}`;
}

/** /admin/contenido/:key: one document's draft, its banners' schedule, publishing and the live preview. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { token } = await requireBackOffice(context.services, request, staffMerchandises);
  const view = await backOffice<ContentDocumentView>(context.services, request, token, {
    path: documentPath(params.key),
  });
  // The preview's moment, from the shop's wall clock as the editor typed it.
  const local = new URL(request.url).searchParams.get('fecha-local') ?? '';
  const previewAt = instantOfLocalInput(local) ?? '';
  return { view, previewAt };
}

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Contenido ${params.key} | Administración` }];
}

const DONE: Record<string, string> = {
  banners: 'Borrador guardado con las fechas de los banners.',
  document: 'Borrador guardado.',
  publish: 'Publicado: los clientes ya lo ven.',
  schedule: 'Publicación programada.',
  discard: 'Borrador descartado.',
  'cancel-schedule': 'Publicación programada cancelada.',
};

export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireBackOffice(context.services, request, staffMerchandises);
  const path = documentPath(params.key);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', to: string, body?: unknown) =>
    backOffice<unknown>(context.services, request, token, { method, path: to, body });
  try {
    const refusal = await runIntent(intent, form, path, call);
    if (refusal) return data({ error: refusal }, { status: 400 });
    return { done: DONE[intent] ?? '' };
  } catch (error) {
    return refusalAnswer(error);
  }
}

type Call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) => Promise<unknown>;

/** Does what the form asked; answers the page's own refusal (bad JSON, a date it cannot read) or null. */
async function runIntent(intent: string, form: FormData, path: string, call: Call): Promise<string | null> {
  const field = (name: string) => String(form.get(name) ?? '');
  if (intent === 'document') {
    const document = parseJson(field('document'));
    if (document === undefined) return 'El documento no es un JSON válido.';
    await call('PUT', `${path}/draft`, document);
  } else if (intent === 'banners') {
    // The banners' dates go into the draft as it is now (or what is published when there is none).
    const view = (await call('GET', path)) as ContentDocumentView;
    const document = view.draft ?? view.published;
    let unreadable = false;
    const scheduled = withBannerSchedule(document, (banner) => {
      const start = instantOfLocalInput(field(`start-${banner.id}`));
      const end = instantOfLocalInput(field(`end-${banner.id}`));
      if (start === null || end === null) unreadable = true;
      const active = form.get(`active-${banner.id}`) === 'on';
      return { ...banner, active, start_date: start ?? '', end_date: end ?? '' };
    });
    if (unreadable) return 'Revisa las fechas: usa día, mes, año y hora.';
    await call('PUT', `${path}/draft`, scheduled);
  } else if (intent === 'publish') await call('POST', `${path}/publish`, {});
  else if (intent === 'schedule') {
    const publishAt = instantOfLocalInput(field('publishAt'));
    if (!publishAt) return 'Indica la fecha y hora de publicación.';
    await call('POST', `${path}/publish`, { publishAt });
  } else if (intent === 'discard') await call('DELETE', `${path}/draft`);
  else if (intent === 'cancel-schedule') await call('DELETE', `${path}/scheduled`);
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export default function AdminContentEdit({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { view, previewAt } = loaderData;
  const working = view.draft ?? view.published;
  const banners = heroBanners(working);
  return (
    <>
      <h1>Contenido: {view.key}</h1>
      <ActionAnswer answer={answer} done="done" />
      <PublishForms view={view} />
      {banners.length > 0 ? <BannerScheduleForm document={working} banners={banners} /> : null}
      <DocumentForm key={JSON.stringify(working)} document={working} />
      <ContentPreview documentKey={view.key} previewAt={previewAt} />
    </>
  );
}
