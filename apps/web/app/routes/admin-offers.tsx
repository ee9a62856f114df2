import { useState, type FormEvent } from 'react';
import { staffMerchandises } from '@despensa/domain';
import { offerFeedProblemLine, offerFeedSummary, type OfferFeedJob } from '@despensa/contracts';
import { apiCall } from '../lib/api-client';
import { requireBackOffice } from '../features/admin/admin-server';
import type { Route } from './+types/admin-offers';

const FEEDS_PATH = '/api/admin/offer-feeds';
/** How often the page asks how far the feed got. */
const POLL_MS = 400;
/** The report lists this many refused rows; the rest are counted (as on the command line). */
const LISTED = 20;

/** /admin/ofertas: a feed of prices and stock (README "Bulk feeds") uploaded, its progress and its report. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireBackOffice(context.services, request, staffMerchandises);
  return null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function AdminOffers() {
  const [job, setJob] = useState<OfferFeedJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The browser streams the file straight to the API (no page action: those take small bodies only).
  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('feed');
    if (!(file instanceof File) || file.size === 0) return setError('Elige un archivo CSV o JSON.');
    setBusy(true);
    setError(null);
    setJob(null);
    let answer = await apiCall(FEEDS_PATH, 'offerFeedJob', { method: 'POST', upload: file });
    while (answer.ok && answer.data.stage !== 'done' && answer.data.stage !== 'failed') {
      setJob(answer.data);
      await wait(POLL_MS);
      answer = await apiCall(`${FEEDS_PATH}/${answer.data.id}`, 'offerFeedJob');
    }
    if (answer.ok) setJob(answer.data);
    else setError(answer.message);
    setBusy(false);
  }

  return (
    <>
      <h1>Carga de ofertas</h1>
      <form className="console-card admin-form" onSubmit={(event) => void upload(event)}>
        <label>
          Archivo de ofertas (CSV o JSON, hasta 100.000 filas)
          <input type="file" name="feed" accept=".csv,.json,text/csv,application/json" required />
        </label>
        <p id="feed-hint">
          Columnas: skuId, salesChannel, price, listPrice y quantity; los precios van en centavos de peso.
        </p>
        <button type="submit" className="button button--primary" disabled={busy} aria-describedby="feed-hint">
          Cargar
        </button>
      </form>
      {error ? (
        <p role="alert" className="console-error">
          {error}
        </p>
      ) : null}
      {job ? <FeedProgress job={job} /> : null}
    </>
  );
}

function FeedProgress({ job }: { job: OfferFeedJob }) {
  const { report } = job;
  return (
    <section className="console-card" aria-labelledby="feed-heading">
      <h2 id="feed-heading">Avance de la carga</h2>
      <label className="admin-progress">
        <span>
          {job.label}: {job.percent} %
        </span>
        <progress max={100} value={job.percent}>
          {job.percent} %
        </progress>
      </label>
      {job.failure ? <p role="alert">{job.failure}</p> : null}
      {report ? (
        <div role="status">
          <p>{offerFeedSummary(report)}</p>
          {report.problems.length > 0 ? (
            <ul>
              {report.problems.slice(0, LISTED).map((problem) => (
                <li key={problem.line}>{offerFeedProblemLine(problem)}</li>
              ))}
              {report.refused > LISTED ? <li>… y {report.refused - LISTED} más</li> : null}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
