import { Link } from 'react-router';
import { StatusPage } from './status-page';

/** The 404 page: unknown paths, /Sistema/404 and anything a loader could not find. */
export function NotFoundContent() {
  return (
    <StatusPage icon="search" title="No encontramos esta página">
      <p className="status-page__text">
        Es posible que la dirección esté mal escrita o que la página ya no exista. Te invitamos a seguir
        comprando.
      </p>
      <div className="status-page__actions">
        <Link to="/" className="button button--primary">
          Ir al inicio
        </Link>
        <Link to="/oferta/ofertas-fdm" className="button button--secondary">
          Ver ofertas
        </Link>
      </div>
    </StatusPage>
  );
}
