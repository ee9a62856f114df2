import { data } from 'react-router';
import { isBannerActive } from '@despensa/domain';
import { ContentPageView } from '../features/content/content-page-view';
import { LinkCardGrid } from '../features/content/link-card-grid';
import { isContentSlug, requireDocument } from '../features/content/load-document';
import { metaFromSeo, seoFor } from '../lib/seo';
import type { Route } from './+types/sustainability';

/** /plan-por-el-futuro (the plan and its pillars) and /plan-por-el-futuro/:path (one pillar). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context;
  const site = services.brand.name;
  if (params.path === undefined) {
    const page = await requireDocument(services, 'sustainability');
    const banner = isBannerActive(page.banner, services.content.now()) ? page.banner : null;
    const seo = seoFor(request, site, `${page.title} | ${site}`, page.description, banner?.image_desktop);
    return { kind: 'plan' as const, page, banner, seo };
  }
  if (!isContentSlug(params.path)) throw data(null, { status: 404 });
  const page = await requireDocument(services, `sustainability-${params.path}`);
  return {
    kind: 'pillar' as const,
    page,
    seo: seoFor(request, site, `${page.title} | ${site}`, page.description),
  };
}

export const meta = metaFromSeo;

export default function Sustainability({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'pillar') {
    const { page } = loaderData;
    return (
      <ContentPageView
        title={page.title}
        description={page.description}
        trail={[page.parent]}
        sections={page.sections}
      />
    );
  }
  const { page, banner } = loaderData;
  return (
    <ContentPageView
      title={page.title}
      description={page.description}
      trail={[]}
      sections={page.sections}
      hero={
        banner ? (
          <img
            className="wide-banner"
            src={banner.image_desktop}
            alt={banner.alt}
            width={1200}
            height={300}
          />
        ) : null
      }
    >
      <h2 className="content-section__title">Nuestros compromisos</h2>
      <LinkCardGrid
        headingLevel={3}
        cards={page.pillars.map((pillar) => ({
          url: pillar.url,
          title: pillar.title,
          text: pillar.summary,
          icon: pillar.icon,
        }))}
      />
    </ContentPageView>
  );
}
