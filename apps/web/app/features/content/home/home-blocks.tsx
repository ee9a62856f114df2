import { BrandStrip } from './brand-strip';
import { CategoryTiles } from './category-tiles';
import { HeroCarousel } from './hero-carousel';
import type { HomeViewBlock } from './home-data';
import { HomeShelf } from './home-shelf';
import { InfoStrip } from './info-strip';

/** The home's CMS blocks, in the document's order. */
export function HomeBlocks({ blocks }: { blocks: HomeViewBlock[] }) {
  return (
    <>
      {blocks.map((block) => {
        switch (block.type) {
          case 'hero-carousel':
            return (
              <HeroCarousel
                key={block.id}
                title={block.title}
                banners={block.banners}
                autoplayMs={block.autoplayMs}
              />
            );
          case 'category-tiles':
            return <CategoryTiles key={block.id} id={block.id} title={block.title} tiles={block.tiles} />;
          case 'product-shelf':
            return <HomeShelf key={block.id} title={block.title} products={block.products} url={block.url} />;
          case 'info-strip':
            return <InfoStrip key={block.id} id={block.id} title={block.title} items={block.items} />;
          case 'brand-strip':
            return <BrandStrip key={block.id} id={block.id} title={block.title} brands={block.brands} />;
        }
      })}
    </>
  );
}
