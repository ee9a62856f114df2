import { CERTIFICATE_LABELS } from '../facet-labels';

/** Two letters for the round icon: 'Sin gluten' → 'SG', 'Vegano' → 'VE'. */
function initials(label: string): string {
  const words = label.replace(/^(Apto para) /, '').split(' ');
  const letters = words.length > 1 ? words.map((word) => word[0]).join('') : label.slice(0, 2);
  return letters.slice(0, 3).toUpperCase();
}

/** §3 food-condition certificates as round icons with their labels. */
export function FoodCertificates(props: { certificates: string[] }) {
  const known = props.certificates.filter((key) => CERTIFICATE_LABELS[key]);
  if (known.length === 0) return null;
  return (
    <ul className="food-certificates" aria-label="Certificaciones">
      {known.map((key) => (
        <li key={key}>
          <svg viewBox="0 0 40 40" width="32" height="32" aria-hidden="true">
            <circle cx="20" cy="20" r="18" className="food-certificates__ring" />
            <text
              x="20"
              y="25"
              textAnchor="middle"
              fontSize="12"
              fontWeight="700"
              fontFamily="system-ui, sans-serif"
            >
              {initials(CERTIFICATE_LABELS[key]!)}
            </text>
          </svg>
          <span>{CERTIFICATE_LABELS[key]}</span>
        </li>
      ))}
    </ul>
  );
}
