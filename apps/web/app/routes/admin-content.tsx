import { staffMerchandises } from '@despensa/domain';
import { Link } from 'react-router';
import type { ContentDocumentSummary } from '@despensa/contracts';
import { backOffice, requireBackOffice } from '../features/admin/admin-server';
import { formatStamp } from '../features/admin/admin-format';
import { CONTENT_API } from '../features/admin/content-documents';
import type { Route } from './+types/admin-content';
import { ColumnHeads } from '../ui/column-heads';

/** /admin/contenido: every CMS document the storefront reads, with its draft and scheduled publish. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireBackOffice(context.services, request, staffMerchandises);
  const { items } = await backOffice<{ items: ContentDocumentSummary[] }>(context.services, request, token, {
    path: CONTENT_API,
  });
  return { items };
}

export function meta() {
  return [{ title: 'Contenido | Administración' }];
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>Contenido</h1>
      <p>
        Edita la portada, los banners, los menús, la cortina y las páginas legales e informativas. Cada cambio
        se guarda como borrador, se revisa en la vista previa y se publica ahora o a la hora que elijas.
      </p>
      <div className="console-card">
        <table className="console-table">
          <caption>Documentos de contenido</caption>
          <ColumnHeads columns={['Documento', 'Publicado', 'Borrador', 'Publicación programada']} />
          <tbody>
            {loaderData.items.map((item) => (
              <tr key={item.key}>
                <th scope="row">
                  <Link to={`/admin/contenido/${item.key}`}>{item.key}</Link>
                </th>
                <td>{item.publishedAt ? formatStamp(item.publishedAt) : 'Sin publicar'}</td>
                <td>{item.hasDraft ? 'Sí' : 'No'}</td>
                <td>{item.scheduledAt ? formatStamp(item.scheduledAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
