import { Link } from 'react-router';
import { AccessibilityButton } from '../features/accessibility/accessibility-button';
import type { Contrast } from '../features/accessibility/contrast';
import { Icon } from '../ui/icon';

/** The thin strip above the header (help phone, nationwide delivery); it slides away on scroll (§2). */
export function PreHeader({ helpPhone, contrast }: { helpPhone: string; contrast: Contrast }) {
  return (
    <div className="pre-header">
      <div className="container pre-header__inner">
        <p className="pre-header__item">
          <Icon name="truck" size={18} />
          Despacho a todo Chile
        </p>
        <div className="pre-header__actions">
          <a className="pre-header__item" href={`tel:${helpPhone.replace(/\s+/g, '')}`}>
            <Icon name="phone" size={18} />
            <span>
              <span className="desktop-only">Servicio al cliente </span>
              {helpPhone}
            </span>
          </a>
          <Link className="pre-header__item desktop-only" to="/locales">
            <Icon name="pin" size={18} />
            Nuestros locales
          </Link>
          <AccessibilityButton initialContrast={contrast} />
        </div>
      </div>
    </div>
  );
}
