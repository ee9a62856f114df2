import { Link } from 'react-router';
import { PopularSearches } from '../features/search/popular-searches';
import '../features/search/search.css';
import type { Route } from './+types/empty-search';

/** /Sistema/busquedavacia?term=…: where a search with no result lands (§2). */
export function loader({ request, context }: Route.LoaderArgs) {
  const term = (new URL(request.url).searchParams.get('term') ?? '').trim().slice(0, 200);
  return { term, brandName: context.services.brand.name };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `Sin resultados${loaderData?.term ? ` para «${loaderData.term}»` : ''} | ${loaderData?.brandName ?? ''}`,
  },
  { name: 'robots', content: 'noindex' },
];

export default function EmptySearch({ loaderData }: Route.ComponentProps) {
  const { term } = loaderData;
  return (
    <main className="empty-search">
      <h1>
        {term ? (
          <>
            No encontramos resultados para <q>{term}</q>
          </>
        ) : (
          'No encontramos resultados para tu búsqueda'
        )}
      </h1>
      <section aria-labelledby="empty-search-tips">
        <h2 id="empty-search-tips">Te recomendamos</h2>
        <ul className="empty-search__tips">
          <li>Revisar que las palabras estén bien escritas.</li>
          <li>
            Usar palabras más generales o menos palabras, por ejemplo «leche» en vez de «leche entera 1 l».
          </li>
          <li>Buscar por marca o por categoría.</li>
          <li>
            Recorrer nuestras <Link to="/oferta/ofertas-fdm">ofertas</Link>.
          </li>
        </ul>
      </section>
      <PopularSearches />
    </main>
  );
}
