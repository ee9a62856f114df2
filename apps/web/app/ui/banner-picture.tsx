/** A banner's two sizes, both declared so nothing shifts as they load. */
const SIZES = { desktop: { width: 1200, height: 300 }, mobile: { width: 600, height: 400 } } as const;

type Size = keyof typeof SIZES;

/**
 * A banner as a <picture>: the `source` size where `media` holds, the other size's image elsewhere. The first
 * banner of a row loads at once and first; the others when they come near.
 */
export function BannerPicture({
  banner,
  source,
  media,
  first,
}: {
  banner: { image_desktop: string; image_mobile: string; alt: string };
  source: Size;
  media: string;
  first: boolean;
}) {
  const image: Size = source === 'desktop' ? 'mobile' : 'desktop';
  return (
    <picture>
      <source media={media} srcSet={banner[`image_${source}`]} {...SIZES[source]} />
      <img
        src={banner[`image_${image}`]}
        alt={banner.alt}
        {...SIZES[image]}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
      />
    </picture>
  );
}
