import { Form, useActionData, useNavigation } from 'react-router';
import { POPULAR_SEARCHES_MAX } from '@despensa/contracts';
import { assertSameOrigin } from '../features/account/account-server';
import { ActionAnswer } from '../features/admin/action-answer';
import { backOffice, refusalAnswer, requireMerchandiser } from '../features/admin/admin-server';
import type { Route } from './+types/admin-popular-searches';

const POPULAR_PATH = '/api/admin/catalog/popular-searches';

interface PopularSearches {
  topSearches: { term: string; count: number }[];
}

/** /admin/busquedas-populares: what the search box offers before the shopper types (merchandisers). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireMerchandiser(context.services, request);
  const popular = await backOffice<PopularSearches>(context.services, request, token, { path: POPULAR_PATH });
  return { terms: popular.topSearches.map((row) => row.term) };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireMerchandiser(context.services, request);
  const form = await request.formData();
  // One term a line; blank lines are the textarea's, not terms.
  const terms = String(form.get('terms') ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  try {
    await backOffice<PopularSearches>(context.services, request, token, {
      method: 'PUT',
      path: POPULAR_PATH,
      body: { terms },
    });
    return { saved: `Guardamos ${terms.length} búsquedas populares.` };
  } catch (error) {
    return refusalAnswer(error);
  }
}

export default function AdminPopularSearches({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const text = loaderData.terms.join('\n');
  return (
    <>
      <h1>Búsquedas populares</h1>
      <ActionAnswer answer={answer} done="saved" />
      {/* The key remounts the form after a save, so that the box shows what the server kept. */}
      <Form method="post" className="console-card admin-form" key={text}>
        <label htmlFor="popular-terms">Búsquedas, una por línea, en el orden en que se ofrecen</label>
        <textarea
          id="popular-terms"
          name="terms"
          rows={POPULAR_SEARCHES_MAX}
          defaultValue={text}
          aria-describedby="popular-terms-hint"
          required
        />
        <p id="popular-terms-hint">
          El buscador las ofrece antes de que el cliente escriba. Hasta {POPULAR_SEARCHES_MAX}, cada una una
          sola vez.
        </p>
        <button type="submit" className="button button--primary" disabled={busy}>
          Guardar
        </button>
      </Form>
    </>
  );
}
