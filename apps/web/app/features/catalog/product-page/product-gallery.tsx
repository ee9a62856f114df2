import { useState } from 'react';
import type { Product } from '@despensa/contracts';

type Image = Product['items'][number]['images'][number];

export const GALLERY_IMAGE_SIZE = 400;
const THUMBNAIL_SIZE = 64;

/**
 * The shop's own pictures come at twice the pixels too (`123@2x.png`): the large one fills 400 CSS
 * pixels, 800 or more device pixels on a phone. Pictures from elsewhere are left as they are.
 */
function highDensityImage(url: string): string | undefined {
  return /^\/media\/products\/\d+\.png$/.test(url)
    ? `${url} 1x, ${url.replace(/\.png$/, '@2x.png')} 2x`
    : undefined;
}

/** The sku pictures: one large, the others as thumbnails that swap it. */
export function ProductGallery(props: { images: Image[]; productName: string }) {
  const [selected, setSelected] = useState(0);
  const image = props.images[selected] ?? props.images[0];
  if (!image) return <div className="product-gallery product-gallery--empty" />;
  return (
    <div className="product-gallery">
      <img
        className="product-gallery__main"
        src={image.imageUrl}
        srcSet={highDensityImage(image.imageUrl)}
        alt={image.imageText || props.productName}
        width={GALLERY_IMAGE_SIZE}
        height={GALLERY_IMAGE_SIZE}
        fetchPriority="high"
      />
      {props.images.length > 1 && (
        <ul className="product-gallery__thumbnails">
          {props.images.map((each, position) => (
            <li key={each.imageId}>
              <button
                type="button"
                aria-label={`Ver imagen ${position + 1} de ${props.images.length}`}
                aria-pressed={position === selected}
                onClick={() => setSelected(position)}
              >
                <img
                  src={each.imageUrl}
                  alt=""
                  width={THUMBNAIL_SIZE}
                  height={THUMBNAIL_SIZE}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
