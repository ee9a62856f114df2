import { useEffect, useState } from 'react';
import type { Comuna, Region } from '@despensa/contracts';
import { apiCall } from '../../lib/api-client';
import { LabelledField } from '../../ui/labelled-field';

/** The §3 region picker's list (north to south), once `active`. */
export function useRegions(active: boolean): Region[] {
  const [regions, setRegions] = useState<Region[]>([]);
  useEffect(() => {
    if (!active || regions.length) return;
    void apiCall('/api/address/regions', 'regions').then((result) => {
      if (result.ok) setRegions(result.data);
    });
  }, [active, regions.length]);
  return regions;
}

/** The comunas of a region, for the comuna picker filtered by it. */
export function useComunas(regionCode: string): Comuna[] {
  const [comunas, setComunas] = useState<{ region: string; list: Comuna[] }>({ region: '', list: [] });
  useEffect(() => {
    if (!regionCode) return;
    let current = true;
    const path = `/api/address/regions/${encodeURIComponent(regionCode)}/comunas`;
    void apiCall(path, 'comunas').then((result) => {
      if (current && result.ok) setComunas({ region: regionCode, list: result.data });
    });
    return () => {
      current = false;
    };
  }, [regionCode]);
  return comunas.region === regionCode ? comunas.list : [];
}

/** The region the shopper picked, and what both pickers offer: the regions once `active`, its comunas. */
export function useRegionPicker(active: boolean) {
  const regions = useRegions(active);
  const [regionCode, setRegionCode] = useState('');
  const comunas = useComunas(regionCode);
  return { regions, comunas, regionCode, setRegionCode };
}

export type RegionPicker = ReturnType<typeof useRegionPicker>;

/**
 * §3 region picker, then the comuna picker filtered by it: the address dialog (a form's `city`, the comuna's
 * name) and the delivery selector's anonymous preview (the comuna's code) both ask this way.
 */
export function RegionComunaFields({
  id,
  picker: { regions, comunas, regionCode, setRegionCode },
  onRegionChange,
  comuna,
  onComunaChange,
  comunaValue,
  comunaFieldName,
  required = false,
}: {
  id: string;
  picker: RegionPicker;
  /** After the region changed (the comuna chosen in the last one is no longer one of its). */
  onRegionChange: () => void;
  comuna: string;
  onComunaChange: (value: string) => void;
  /** What a comuna option's value is. */
  comunaValue: 'code' | 'name';
  /** The comuna select's form field name, when it belongs to a form. */
  comunaFieldName?: string;
  required?: boolean;
}) {
  return (
    <>
      <LabelledField id={`${id}-region`} label="Región">
        <select
          id={`${id}-region`}
          className="field__input"
          required={required}
          value={regionCode}
          onChange={(event) => {
            setRegionCode(event.target.value);
            onRegionChange();
          }}
        >
          <option value="">Elige una región</option>
          {regions.map((each) => (
            <option key={each.code} value={each.code}>
              {each.name}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField id={`${id}-comuna`} label="Comuna">
        <select
          id={`${id}-comuna`}
          {...(comunaFieldName ? { name: comunaFieldName } : {})}
          className="field__input"
          required={required}
          disabled={!regionCode}
          value={comuna}
          onChange={(event) => onComunaChange(event.target.value)}
        >
          <option value="">Elige una comuna</option>
          {comunas.map((each) => (
            <option key={each.code} value={each[comunaValue]}>
              {each.name}
            </option>
          ))}
        </select>
      </LabelledField>
    </>
  );
}
