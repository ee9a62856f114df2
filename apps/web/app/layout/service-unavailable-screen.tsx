import { StatusPage } from './status-page';

/** §2/§8 503 screen, shown whenever a call raised the global error_503 event. */
export function ServiceUnavailableScreen() {
  return (
    <StatusPage icon="alert" title="En estos momentos no podemos completar tu solicitud">
      <p className="status-page__text">Por favor, inténtalo más tarde</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Reintentar
      </button>
    </StatusPage>
  );
}
