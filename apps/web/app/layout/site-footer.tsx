import { ShopLink } from '../ui/shop-link';
import type { FooterContent } from '@despensa/contracts';
import { NewsletterForm } from '../features/newsletter/newsletter-form';
import { PaymentBadge } from './payment-badge';
import { Prefooter } from './prefooter';
import { SocialIcon } from './social-icon';

/** The general footer (§2): prefooter, newsletter, three link groups, social, payments and legal links. */
export function SiteFooter({ footer }: { footer: FooterContent }) {
  return (
    <footer className="site-footer">
      <Prefooter links={footer.prefooter} />
      <div className="site-footer__main">
        <div className="container site-footer__grid">
          <NewsletterForm />
          {footer.groups.map((group) => (
            <nav key={group.id} aria-labelledby={`footer-group-${group.id}`} className="footer-group">
              <h2 id={`footer-group-${group.id}`} className="footer-group__title">
                {group.title}
              </h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.url}>
                    <ShopLink to={link.url}>{link.title}</ShopLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="site-footer__extras">
        <div className="container site-footer__extras-inner">
          <div>
            <h2 className="site-footer__label">Síguenos</h2>
            <ul className="social-links">
              {footer.social.map((social) => (
                <li key={social.network}>
                  <a href={social.url} aria-label={social.label} className="social-links__link">
                    <SocialIcon network={social.network} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="site-footer__label">Medios de pago</h2>
            <ul className="payment-badges">
              {footer.paymentIcons.map((icon) => (
                <li key={icon.id}>
                  <PaymentBadge id={icon.id} label={icon.label} />
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="site-footer__label">{footer.helpPhone.label}</h2>
            <a href={footer.helpPhone.href} className="site-footer__phone">
              {footer.helpPhone.number}
            </a>
          </div>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <nav aria-label="Información legal">
            <ul className="legal-links">
              {footer.legalLinks.map((link) => (
                <li key={link.url}>
                  <ShopLink to={link.url}>{link.title}</ShopLink>
                </li>
              ))}
            </ul>
          </nav>
          <p className="site-footer__copyright">{footer.copyright}</p>
        </div>
      </div>
    </footer>
  );
}
