import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { BrandConfig, CurtainContent, FooterContent } from '@despensa/contracts';
import type { Contrast } from '../features/accessibility/contrast';
import type { HeaderMenu } from '../features/content/category-menu-data';
import { useServiceUnavailable } from '../lib/use-service-unavailable';
import { CheckoutHeader } from './checkout-header';
import { CurtainNotice } from './curtain';
import { footerFor, headerFor } from '../lib/layout-rules';
import { MainHeader } from './main-header';
import { MinimalFooter } from './minimal-footer';
import { ServiceUnavailableScreen } from './service-unavailable-screen';
import { SiteFooter } from './site-footer';

export interface ShellData {
  brand: BrandConfig;
  menu: HeaderMenu;
  footer: FooterContent | null;
  curtain: CurtainContent | null;
  contrast: Contrast;
}

/** Header, content and footer as the §2 layout rules pick them for the current path; or the 503 screen. */
export function SiteShell({ data, children }: { data: ShellData; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const unavailable = useServiceUnavailable();
  if (unavailable) return <ServiceUnavailableScreen />;

  const header = headerFor(pathname);
  const footer = data.footer ? footerFor(pathname, search) : 'none';
  return (
    <>
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      {header === 'main' ? <MainHeader brand={data.brand} menu={data.menu} contrast={data.contrast} /> : null}
      {header === 'checkout' ? <CheckoutHeader brand={data.brand} contrast={data.contrast} /> : null}
      {data.curtain ? <CurtainNotice curtain={data.curtain} /> : null}
      <div id="contenido" className="site-content" tabIndex={-1}>
        {children}
      </div>
      {footer === 'general' && data.footer ? <SiteFooter footer={data.footer} /> : null}
      {footer === 'minimal' && data.footer ? <MinimalFooter copyright={data.footer.copyright} /> : null}
    </>
  );
}
