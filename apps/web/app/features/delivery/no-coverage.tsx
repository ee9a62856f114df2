import { Link } from 'react-router';
import { NO_COVERAGE_TEXT, type NoCoverageVariant } from '@despensa/domain';

/**
 * §4/§8 no coverage: an address in an exclusion zone for home delivery gets the brand's text and three
 * ways on: pick up in store, choose another address, or review the stores (/locales).
 */
export function NoCoverage({
  variant = 'default',
  onPickup,
  onOtherAddress,
  onReviewStores,
  headingLevel = 3,
}: {
  variant?: NoCoverageVariant;
  onPickup: () => void;
  onOtherAddress: () => void;
  onReviewStores?: () => void;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading className="delivery-no-coverage__title">Sin cobertura en tu dirección</Heading>
      <p className="delivery-no-coverage__text">{NO_COVERAGE_TEXT[variant]}</p>
      <div className="delivery-no-coverage__actions">
        <button type="button" className="button button--primary" onClick={onPickup}>
          Retirar en tienda
        </button>
        <button type="button" className="button button--secondary" onClick={onOtherAddress}>
          Elegir otra dirección
        </button>
        <Link to="/locales" className="text-button" onClick={onReviewStores}>
          Revisar tiendas
        </Link>
      </div>
    </>
  );
}
