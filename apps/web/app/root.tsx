import { useEffect, type ComponentProps, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { MAX_CONTENT_WIDTH } from '@despensa/domain';
import type { BrandConfig } from '@despensa/contracts';
import type { Route } from './+types/root';
import { HIGH_CONTRAST_CLASS, contrastFromCookie } from './features/accessibility/contrast';
import { AccountProvider } from './features/account/account-context';
import { awaitsPersistentCartAnswer } from './features/account/account-types';
import { AccountDialogs } from './features/account/account-dialogs';
import { redirectVisitorFromPrivate } from './features/account/account-server';
import { SessionWatch } from './features/account/session-watch';
import { ShopperFeaturesProvider } from './features/lists/shopper-features-context';
import { headerMenu } from './features/content/category-menu-data';
import { loadDocument } from './features/content/load-document';
import { CartProvider, useCart } from './features/cart/cart-context';
import { CART_ACTION_PATH } from './features/cart/cart-intents';
import { CartOverlays } from './features/cart/cart-overlays';
import { DeliveryProvider } from './features/delivery/delivery-context';
import { DeliveryOverlays } from './features/delivery/delivery-overlays';
import { isConsolePath } from './lib/layout-rules';
import { PlatformLayer } from './features/platform/platform-layer';
import { shopperParts, shopperPartsSource } from './layout/shopper-parts.server';
import { useShopperParts } from './layout/use-shopper-parts';
import { CurtainLanding } from './layout/curtain';
import { CriticalStyles } from './layout/critical-styles';
import { DocumentElement } from './layout/document-element';
import { ErrorPage } from './layout/error-page';
import { NotFoundContent } from './layout/not-found-content';
import { OutdatedBrowserPage } from './layout/outdated-browser-page';
import { SiteShell } from './layout/site-shell';
import { ASSET_FAILURE_BOOTSTRAP } from './lib/asset-load-watch';
import { isOutdatedBrowser } from './lib/browser-support';
import { START_SCRIPTS_AFTER_FIRST_PAINT } from './lib/deferred-scripts';
import { reportClientError } from './lib/client-errors';
import { readableOnWhiteText } from './lib/color';
import { useAppStart } from './lib/use-app-start';
import { useNonce } from './lib/nonce';
import { useRouteChangeScroll } from './lib/use-route-change-scroll';
import { HydratedProvider } from './lib/use-hydrated';
import stylesHref from './styles/global.css?url';
import { useShopLinkNavigation } from './ui/shop-link';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const [menu, footer, curtain, parts] = await Promise.all([
    loadDocument(services, 'menu'),
    loadDocument(services, 'footer'),
    loadDocument(services, 'curtain'),
    shopperParts(services, request),
  ]);
  // §2: a private page sends a visitor to the login page (its own loader checks again on client navigations).
  if (!parts.account.customer) redirectVisitorFromPrivate(request);
  return {
    brand: services.brand,
    colors: brandColors(services.brand),
    api: services.api,
    contrast: contrastFromCookie(request.headers.get('cookie')),
    // §2 application start: decided on the server so an old browser never runs our scripts.
    outdatedBrowser: isOutdatedBrowser(request.headers.get('user-agent')),
    menu: headerMenu(menu, services.content.now()),
    footer,
    curtain,
    ...parts,
    // A shared page (the server's page cache) leaves the shopper's parts to the browser.
    shopperParts: shopperPartsSource(request),
  };
}

/**
 * Brand, menu and footer do not change between pages: only a form submission reloads them. The cart's
 * own changes do not: their answer is the fresh orderForm, which CartProvider keeps.
 */
export function shouldRevalidate({
  formMethod,
  formAction,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction === CART_ACTION_PATH) return false;
  // The console's forms change orders, not the shop's menu, cart or account.
  if (formAction && isConsolePath(new URL(formAction, 'http://x').pathname)) return false;
  if (awaitsPersistentCartAnswer(actionResult)) return false;
  return formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const name = loaderData?.brand.name ?? 'Despensa';
  if (isRouteErrorResponse(error) && error.status === 404)
    return [{ title: `Página no encontrada | ${name}` }];
  if (error) return [{ title: `Algo salió mal | ${name}` }];
  return [{ title: `${name} | Supermercado en línea` }];
}

/** The configured brand colours, darkened where white text on them would miss 4.5:1. */
function brandColors(brand: BrandConfig): { primary: string; secondary: string } {
  return {
    primary: readableOnWhiteText(brand.primaryColor, '#b00020'),
    secondary: readableOnWhiteText(brand.secondaryColor, '#1d3557'),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  return (
    <DocumentElement lang="es-CL" className={data?.contrast === 'high' ? HIGH_CONTRAST_CLASS : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data ? <meta name="theme-color" content={data.colors.primary} /> : null}
        {data ? <link rel="icon" href="/media/brand/icon-192.png" type="image/png" /> : null}
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/media/brand/icon-maskable-192.png" />
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: ASSET_FAILURE_BOOTSTRAP + START_SCRIPTS_AFTER_FIRST_PAINT }}
        />
        <Meta />
        <Links />
        <CriticalStyles />
        {data ? (
          <style
            dangerouslySetInnerHTML={{
              __html: `:root{--brand-primary:${data.colors.primary};--brand-secondary:${data.colors.secondary};--max-content-width:${MAX_CONTENT_WIDTH}px}`,
            }}
          />
        ) : null}
      </head>
      <body>
        <HydratedProvider>{children}</HydratedProvider>
        {/* The outdated-browser page is plain HTML: no scripts for a browser that cannot run them. */}
        {data?.outdatedBrowser ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </DocumentElement>
  );
}

export default function App({ loaderData: pageData }: Route.ComponentProps) {
  const loaderData = useShopperParts(pageData);
  useAppStart(loaderData.api);
  useRouteChangeScroll();
  useShopLinkNavigation();
  const { pathname } = useLocation();
  if (isConsolePath(pathname)) return <Outlet />;
  if (loaderData.outdatedBrowser) return <OutdatedBrowserPage brand={loaderData.brand} />;
  if (loaderData.curtain?.landing.active) {
    return <CurtainLanding brand={loaderData.brand} html={loaderData.curtain.landing.html} />;
  }
  return (
    <AccountProvider account={loaderData.account}>
      <ShopperFeaturesProvider features={loaderData.features}>
        <CartProvider
          initialOrderForm={loaderData.orderForm}
          cartReadFailed={loaderData.cartReadFailed === true}
        >
          <DeliveryOfCart
            choice={loaderData.delivery}
            chosenWindow={loaderData.deliveryWindow}
            defaultStoreName={loaderData.brand.name}
            noCoverageVariant={loaderData.brand.noCoverageVariant ?? 'default'}
          >
            <SiteShell data={loaderData}>
              <Outlet />
            </SiteShell>
            <CartOverlays />
            <DeliveryOverlays />
          </DeliveryOfCart>
          <AccountDialogs />
          <SessionWatch />
          <PlatformLayer data={loaderData.platform} />
        </CartProvider>
      </ShopperFeaturesProvider>
    </AccountProvider>
  );
}

/** The delivery's provider, given the cart it charges its fee on (the cart's provider sits above). */
function DeliveryOfCart(props: Omit<ComponentProps<typeof DeliveryProvider>, 'orderForm'>) {
  return <DeliveryProvider {...props} orderForm={useCart().orderForm} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  useAppStart(data?.api);
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    // Answers a loader threw on purpose (404…) are not failures; anything else is reported (§8).
    if (isRouteErrorResponse(error)) return;
    const failure = error instanceof Error ? error : new Error(String(error));
    reportClientError({ kind: 'render', message: failure.message, stack: failure.stack });
  }, [error]);

  const content = notFound ? <NotFoundContent /> : <ErrorPage />;
  return data && !data.outdatedBrowser ? (
    // An error page does not read the shopper's parts: its header takes a pending account for a visitor's.
    <AccountProvider account={{ ...data.account, pending: false }}>
      <CartProvider initialOrderForm={data.orderForm} cartReadFailed={data.cartReadFailed === true}>
        <SiteShell data={data}>{content}</SiteShell>
      </CartProvider>
    </AccountProvider>
  ) : (
    content
  );
}
