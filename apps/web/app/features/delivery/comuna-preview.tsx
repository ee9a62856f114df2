import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { rememberPreviewedComuna, RegionComunaFields, useRegionPicker } from '../account';

/**
 * Before logging in: region and comuna, to see home-delivery windows and fees there. Confirming needs
 * the shopper's account (their addresses); the full address is asked at checkout.
 */
export function ComunaPreview({
  comunaCode,
  onChange,
}: {
  comunaCode: string | null;
  onChange: (code: string | null) => void;
}) {
  const { pathname, search } = useLocation();
  const id = useId();
  const picker = useRegionPicker(true);
  return (
    <div className="delivery-selector__preview">
      <p>Elige tu comuna para ver los horarios y el costo del despacho.</p>
      <RegionComunaFields
        id={id}
        picker={picker}
        onRegionChange={() => onChange(null)}
        comuna={comunaCode ?? ''}
        onComunaChange={(code) => {
          onChange(code || null);
          const name = picker.comunas.find((each) => each.code === code)?.name;
          rememberPreviewedComuna(name ? { regionCode: picker.regionCode, name } : null);
        }}
        comunaValue="code"
      />
      <p className="delivery-selector__note">
        Para confirmar el despacho, ingresa a tu cuenta; tu dirección completa te la pedimos al pagar.{' '}
        <Link to={`/login-page?callback=${encodeURIComponent(pathname + search)}`}>Ingresar</Link>
      </p>
    </div>
  );
}
