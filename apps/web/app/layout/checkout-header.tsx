import { Link } from 'react-router';
import type { BrandConfig } from '@despensa/contracts';
import { AccessibilityButton } from '../features/accessibility/accessibility-button';
import type { Contrast } from '../features/accessibility/contrast';
import { Icon } from '../ui/icon';
import { BrandLogo } from '../ui/brand-logo';

/** The reduced header of the checkout paths (§2): logo, a secure-purchase note and the help centre. */
export function CheckoutHeader({ brand, contrast }: { brand: BrandConfig; contrast: Contrast }) {
  return (
    <header className="checkout-header">
      <div className="container checkout-header__inner">
        <BrandLogo brand={brand} />
        <p className="checkout-header__secure">Compra 100% segura</p>
        <nav aria-label="Ayuda" className="checkout-header__help">
          <Link to="/informaciones/centro-de-ayuda">
            <Icon name="help" />
            Centro de ayuda
          </Link>
          <a href={`tel:${brand.helpPhone.replace(/\s+/g, '')}`}>
            <Icon name="phone" />
            {brand.helpPhone}
          </a>
          <AccessibilityButton initialContrast={contrast} />
        </nav>
      </div>
    </header>
  );
}
