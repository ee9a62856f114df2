import { Link } from 'react-router';
import { Breadcrumbs } from '../features/catalog/listing/breadcrumbs';
import { HOME_CRUMB } from '../features/catalog/listing/load-listing';
import { orNotFound, salesChannelOf } from '../features/catalog/loader-helpers';
import { catalogSeo, metaTags } from '../features/catalog/page-meta';
import { RatingStars } from '../features/catalog/rating-stars';
import { ReviewHistogram } from '../features/catalog/reviews/review-histogram';
import { ReviewList } from '../features/catalog/reviews/review-list';
import '../features/catalog/catalog.css';
import type { Route } from './+types/product-rating';
import { formatRating } from '../lib/format';
import { requireFeature } from '../features/lists/features-server';

/** /:slug/p/rating: the opinions of a product with the distribution of stars. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { catalog, brand } = context.services;
  await requireFeature(context.services, 'productReviews');
  const product = await orNotFound(() => catalog.productBySlug(params.slug, salesChannelOf(request)));
  const reviews = await catalog.reviews(product.productId);
  return {
    product: { name: product.productName, link: `/${product.linkText}/p` },
    reviews,
    meta: {
      seo: catalogSeo(request, brand.name, {
        title: `Opiniones de ${product.productName} | ${brand.name}`,
        description: `${reviews.count} opiniones de clientes sobre ${product.productName}.`,
      }),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => metaTags(loaderData?.meta);

export default function ProductRating({ loaderData }: Route.ComponentProps) {
  const { product, reviews } = loaderData;
  return (
    <main className="product-rating">
      <Breadcrumbs crumbs={[HOME_CRUMB, { name: product.name, url: product.link }]} current="Opiniones" />
      <h1>Opiniones de {product.name}</h1>
      <section className="product-rating__summary" aria-labelledby="rating-average">
        <h2 id="rating-average">{formatRating(reviews.average)} de 5</h2>
        <RatingStars average={reviews.average} count={reviews.count} />
        <ReviewHistogram histogram={reviews.histogram} count={reviews.count} />
      </section>
      <section aria-labelledby="rating-list">
        <h2 id="rating-list">
          {reviews.count} {reviews.count === 1 ? 'opinión' : 'opiniones'}
        </h2>
        <ReviewList reviews={reviews.reviews} />
      </section>
      <p>
        <Link to={product.link}>Volver al producto</Link>
      </p>
    </main>
  );
}
