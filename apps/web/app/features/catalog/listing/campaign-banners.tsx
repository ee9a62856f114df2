import type { CampaignBanner } from '../campaign';
import { BannerPicture } from '../../../ui/banner-picture';

/** The campaign's banners: desktop ones from 768 px, mobile ones below (ui/banner-picture declares both sizes). */
export function CampaignBanners(props: { banners: CampaignBanner[] }) {
  if (props.banners.length === 0) return null;
  return (
    <div className="campaign-banners">
      {props.banners.map((banner, position) => (
        <BannerPicture
          key={banner.image_desktop}
          banner={banner}
          source="desktop"
          media="(min-width: 768px)"
          first={position === 0}
        />
      ))}
    </div>
  );
}
