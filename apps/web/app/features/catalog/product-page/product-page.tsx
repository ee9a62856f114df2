import { useState } from 'react';
import { ProductCardShelf } from '../product-card-shelf';
import { Breadcrumbs } from '../listing/breadcrumbs';
import type { loadProductPage } from './load-product';
import { BuyBox } from './buy-box';
import { FormatPicker } from './format-picker';
import { ProductGallery } from './product-gallery';
import { ProductSections } from './product-sections';
import { RatingSummary } from './rating-summary';
import { WarningSeals } from './warning-seals';
import { useShopperFeatures } from '../../lists';

export type ProductPageData = Awaited<ReturnType<typeof loadProductPage>>;

export function ProductPage(props: { data: ProductPageData }) {
  const { product, formats, sellerName, breadcrumbs, recommended, ratingUrl } = props.data;
  // The shopper's choice holds for the page it was made on; a new product or ?skuId= starts on its own format.
  const opened = `${product.productId}:${props.data.summary.skuId}`;
  const [choice, setChoice] = useState<{ on: string; skuId: string } | null>(null);
  const skuId = choice?.on === opened ? choice.skuId : props.data.summary.skuId;
  const summary = formats.find((format) => format.skuId === skuId)?.summary ?? props.data.summary;
  const images = product.items.flatMap((item) => item.images);
  const { flags } = useShopperFeatures();
  return (
    <main className="product-page">
      <Breadcrumbs crumbs={breadcrumbs} current={product.productName} />
      <div className="product-page__top">
        <ProductGallery images={images} productName={product.productName} />
        <div className="product-page__summary">
          <p className="product-page__brand">{product.brand}</p>
          <h1 className="product-page__name">{product.productName}</h1>
          {flags.productReviews && <RatingSummary rating={product.rating} ratingUrl={ratingUrl} />}
          <WarningSeals seals={product['Flag Nutricional']} />
          {formats.length > 0 ? (
            <FormatPicker
              key={opened}
              formats={formats}
              selected={summary.skuId}
              onSelect={(chosen) => setChoice({ on: opened, skuId: chosen })}
            />
          ) : null}
          <BuyBox key={summary.skuId} product={product} summary={summary} sellerName={sellerName} />
        </div>
      </div>
      <ProductSections product={product} skuId={summary.skuId} />
      <ProductCardShelf title="Productos recomendados" products={recommended} />
    </main>
  );
}
