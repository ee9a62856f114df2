import type { BrandConfig } from '@despensa/contracts';
import type { Contrast } from '../features/accessibility/contrast';
import type { HeaderMenu } from '../features/content/category-menu-data';
import { HeaderChatNotice } from '../features/orders/header-chat-notice';
import { SearchBox } from '../features/search/search-box';
import { useStickyHeader } from '../lib/use-sticky-header';
import { BrandLogo } from '../ui/brand-logo';
import { CategoryMenu } from './category-menu';
import { AccountLink, DeliveryModeButton, MinicartButton } from './header-actions';
import { HeaderLinks } from './header-links';
import { PreHeader } from './pre-header';

/**
 * The main header (§2). One markup for every width: below 1202 px CSS rearranges it into the mobile header
 * (menu, logo and cart on one row, search and delivery below), so the server renders the right one.
 */
export function MainHeader({
  brand,
  menu,
  contrast,
}: {
  brand: BrandConfig;
  menu: HeaderMenu;
  contrast: Contrast;
}) {
  const { markerRef, active, preHeaderHidden } = useStickyHeader();
  const className = [
    'site-header',
    active ? 'site-header--active' : '',
    preHeaderHidden ? 'site-header--scrolled' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <div ref={markerRef} className="top-marker" aria-hidden="true" />
      <header className={className}>
        <PreHeader helpPhone={brand.helpPhone} contrast={contrast} />
        <div className="site-header__bar">
          <div className="container site-header__grid">
            {/* The logo comes first in the document so that Tab follows the desktop's visual order. */}
            <BrandLogo brand={brand} className="site-header__logo" />
            <div className="site-header__menu">
              <CategoryMenu categories={menu.categories} extraLinks={[...menu.offers, ...menu.campaigns]} />
            </div>
            <div className="site-header__search">
              <SearchBox sellerId={brand.sellerId} />
            </div>
            <div className="site-header__delivery">
              <DeliveryModeButton />
            </div>
            <div className="site-header__actions">
              <AccountLink />
              <MinicartButton />
            </div>
          </div>
        </div>
        <HeaderLinks offers={menu.offers} campaigns={menu.campaigns} />
        <HeaderChatNotice />
      </header>
    </>
  );
}
