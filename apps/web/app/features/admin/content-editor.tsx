import { Form, useNavigation } from 'react-router';
import type { ContentDocumentView, ScheduledBanner } from '@despensa/contracts';
import { formatStamp } from './admin-format';
import { pageOfDocument } from './content-documents';
import { localInputValue } from './local-time';
import { ColumnHeads } from '../../ui/column-heads';

function IntentButton({
  intent,
  label,
  primary = false,
}: {
  intent: string;
  label: string;
  primary?: boolean;
}) {
  const busy = useNavigation().state === 'submitting';
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`button ${primary ? 'button--primary' : 'button--secondary'}`}
      disabled={busy}
    >
      {label}
    </button>
  );
}

/** What shoppers see now, the draft and the scheduled publish, with the buttons that move them. */
export function PublishForms({ view }: { view: ContentDocumentView }) {
  return (
    <section className="console-card admin-form" aria-labelledby="content-state">
      <h2 id="content-state">Estado</h2>
      <p>
        {view.publishedAt ? `Publicado el ${formatStamp(view.publishedAt)}.` : 'Aún no se ha publicado.'}{' '}
        {view.draft
          ? `Tiene un borrador sin publicar (guardado el ${formatStamp(view.draftUpdatedAt ?? '')}).`
          : 'No tiene borrador.'}
      </p>
      {view.scheduled ? (
        <Form method="post">
          <p>Se publicará un borrador el {formatStamp(view.scheduled.publishAt)}.</p>
          <IntentButton intent="cancel-schedule" label="Cancelar publicación programada" />
        </Form>
      ) : null}
      {view.draft ? (
        <>
          <Form method="post">
            <IntentButton intent="publish" label="Publicar ahora" primary />{' '}
            <IntentButton intent="discard" label="Descartar borrador" />
          </Form>
          <Form method="post" className="admin-form">
            <label>
              Fecha y hora de publicación (hora de Chile)
              <input type="datetime-local" name="publishAt" required />
            </label>
            <IntentButton intent="schedule" label="Programar publicación" />
          </Form>
        </>
      ) : null}
    </section>
  );
}

/** The hero banners' windows: a banner shows on the home from its start until its end. */
export function BannerScheduleForm({ document, banners }: { document: unknown; banners: ScheduledBanner[] }) {
  return (
    <section className="console-card" aria-labelledby="banner-schedule">
      <h2 id="banner-schedule">Banners de la portada</h2>
      <p>Cada banner se muestra desde su inicio hasta su término (hora de Chile), si está activo.</p>
      <Form method="post" key={JSON.stringify(document)}>
        <table className="console-table">
          <caption>Programación de banners</caption>
          <ColumnHeads columns={['Banner', 'Activo', 'Inicio', 'Término']} />
          <tbody>
            {banners.map((banner) => (
              <tr key={banner.id}>
                <th scope="row">{banner.title}</th>
                <td>
                  <input
                    type="checkbox"
                    name={`active-${banner.id}`}
                    defaultChecked={banner.active}
                    aria-label={`Activo: ${banner.title}`}
                  />
                </td>
                <td>
                  <input
                    type="datetime-local"
                    name={`start-${banner.id}`}
                    defaultValue={localInputValue(banner.start_date)}
                    aria-label={`Inicio: ${banner.title}`}
                  />
                </td>
                <td>
                  <input
                    type="datetime-local"
                    name={`end-${banner.id}`}
                    defaultValue={localInputValue(banner.end_date)}
                    aria-label={`Término: ${banner.title}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <IntentButton intent="banners" label="Guardar fechas en el borrador" primary />
      </Form>
    </section>
  );
}

/** The whole document as JSON: whatever the forms above do not cover. */
export function DocumentForm({ document }: { document: unknown }) {
  return (
    <section className="console-card" aria-labelledby="content-document">
      <h2 id="content-document">Documento</h2>
      <Form method="post" className="admin-form admin-form--wide">
        <label>
          Contenido (JSON)
          <textarea
            name="document"
            rows={16}
            spellCheck={false}
            defaultValue={JSON.stringify(document, null, 2)}
            aria-describedby="content-document-hint"
          />
        </label>
        <p id="content-document-hint">
          Los fragmentos html se limpian al guardar: solo quedan párrafos, títulos, listas, enlaces y
          negritas.
        </p>
        <IntentButton intent="document" label="Guardar borrador" primary />
      </Form>
    </section>
  );
}

/**
 * The page as shoppers would see it with every draft published, rendered by the storefront itself in a
 * preview only a content editor's session opens, at a chosen time when given.
 */
export function ContentPreview({ documentKey, previewAt }: { documentKey: string; previewAt: string }) {
  const page = pageOfDocument(documentKey);
  const query = new URLSearchParams({ 'vista-previa': '1' });
  if (previewAt) query.set('fecha', previewAt);
  return (
    <section className="console-card" aria-labelledby="content-preview">
      <h2 id="content-preview">Vista previa</h2>
      <Form method="get" className="admin-form">
        <label>
          Ver la página en otra fecha (opcional)
          <input type="datetime-local" name="fecha-local" defaultValue={localInputValue(previewAt)} />
        </label>
        <button type="submit" className="button button--secondary">
          Actualizar vista previa
        </button>
      </Form>
      <iframe
        className="admin-preview"
        title={`Vista previa de ${page === '/' ? 'la portada' : page}`}
        src={`${page}?${query.toString()}`}
      />
    </section>
  );
}
