import type { FooterContent } from '@despensa/contracts';
import { NewsletterSignup } from '../features/newsletter/newsletter-signup';
import { markup, type Markup } from '../lib/markup';
import { shopLinkMarkup } from '../ui/shop-link';
import { StaticMarkup } from '../ui/static-markup';
import { paymentBadgeMarkup } from './payment-badge';
import { prefooterMarkup } from './prefooter';
import { socialIconMarkup } from './social-icon';

/**
 * The general footer (§2): prefooter, newsletter, three link groups, social, payments and legal links. The
 * same on every page, so all of it but the newsletter form is drawn as markup (ui/static-markup.tsx).
 */
export function SiteFooter({ footer }: { footer: FooterContent }) {
  return (
    <footer className="site-footer">
      <StaticMarkup markup={prefooterMarkup(footer.prefooter)} />
      <div className="site-footer__main">
        <div className="container site-footer__grid">
          <NewsletterSignup />
          <StaticMarkup markup={linkGroupsMarkup(footer.groups)} />
        </div>
      </div>
      <StaticMarkup markup={extrasMarkup(footer)} />
    </footer>
  );
}

function linkGroupsMarkup(groups: FooterContent['groups']): Markup {
  return markup`${groups.map(
    (group) =>
      markup`<nav aria-labelledby="footer-group-${group.id}" class="footer-group"><h2 id="footer-group-${group.id}" class="footer-group__title">${group.title}</h2><ul>${group.links.map((link) => markup`<li>${shopLinkMarkup(link.url, link.title)}</li>`)}</ul></nav>`,
  )}`;
}

/** Social links, payment badges, the help phone, then the legal links and the copyright. */
function extrasMarkup(footer: FooterContent): Markup {
  return markup`<div class="site-footer__extras"><div class="container site-footer__extras-inner"><div><h2 class="site-footer__label">Síguenos</h2><ul class="social-links">${footer.social.map(
    (social) =>
      markup`<li><a href="${social.url}" aria-label="${social.label}" class="social-links__link">${socialIconMarkup(social.network)}</a></li>`,
  )}</ul></div><div><h2 class="site-footer__label">Medios de pago</h2><ul class="payment-badges">${footer.paymentIcons.map((icon) => markup`<li>${paymentBadgeMarkup(icon.id, icon.label)}</li>`)}</ul></div><div><h2 class="site-footer__label">${footer.helpPhone.label}</h2><a href="${footer.helpPhone.href}" class="site-footer__phone">${footer.helpPhone.number}</a></div></div></div><div class="site-footer__bottom"><div class="container site-footer__bottom-inner"><nav aria-label="Información legal"><ul class="legal-links">${footer.legalLinks.map((link) => markup`<li>${shopLinkMarkup(link.url, link.title)}</li>`)}</ul></nav><p class="site-footer__copyright">${footer.copyright}</p></div></div>`;
}
