import type { CampaignBanner } from '../campaign';

/** Desktop banners are 1200×300 and mobile ones 600×400; both sizes are declared so nothing shifts. */
export function CampaignBanners(props: { banners: CampaignBanner[] }) {
  if (props.banners.length === 0) return null;
  return (
    <div className="campaign-banners">
      {props.banners.map((banner, position) => (
        <picture key={banner.image_desktop}>
          <source media="(min-width: 768px)" srcSet={banner.image_desktop} width={1200} height={300} />
          <img
            src={banner.image_mobile}
            alt={banner.alt}
            width={600}
            height={400}
            loading={position === 0 ? 'eager' : 'lazy'}
            fetchPriority={position === 0 ? 'high' : 'auto'}
          />
        </picture>
      ))}
    </div>
  );
}
