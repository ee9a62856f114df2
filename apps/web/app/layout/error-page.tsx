import { Link } from 'react-router';
import { StatusPage } from './status-page';

/** What the root error boundary shows when a page fails to render (§2, §8). */
export function ErrorPage({ reference }: { reference?: string | undefined }) {
  return (
    <StatusPage icon="alert" title="Algo salió mal">
      <p className="status-page__text">
        Tuvimos un problema al mostrar esta página. Ya nos avisaron y lo estamos revisando.
      </p>
      {reference ? <p className="status-page__hint">Referencia: {reference}</p> : null}
      <Link to="/" className="button button--primary" reloadDocument>
        Volver al inicio
      </Link>
    </StatusPage>
  );
}
