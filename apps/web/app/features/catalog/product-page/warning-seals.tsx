import { WARNING_SEAL_NUTRIENTS, warningSealLabel } from '../facet-labels';

/** Regular octagon points on a 100×100 box. */
const OCTAGON = '29.3,2 70.7,2 98,29.3 98,70.7 70.7,98 29.3,98 2,70.7 2,29.3';

/** The black 'ALTO EN …' octagons of the Chilean food labelling law, drawn inline. */
export function WarningSeals(props: { seals: string[] }) {
  const seals = props.seals.filter((seal) => WARNING_SEAL_NUTRIENTS[seal]);
  if (seals.length === 0) return null;
  return (
    <ul className="warning-seals" aria-label="Sellos de advertencia">
      {seals.map((seal) => {
        const words = WARNING_SEAL_NUTRIENTS[seal]!.split(' ');
        return (
          <li key={seal}>
            <svg viewBox="0 0 100 100" width="64" height="64" role="img" aria-label={warningSealLabel(seal)}>
              <polygon points={OCTAGON} fill="#000" stroke="#fff" strokeWidth="3" />
              <g fill="#fff" fontFamily="system-ui, sans-serif" fontWeight="700" textAnchor="middle">
                <text x="50" y={words.length > 1 ? 34 : 40} fontSize="15">
                  ALTO EN
                </text>
                {words.map((word, line) => (
                  <text
                    key={word}
                    x="50"
                    y={(words.length > 1 ? 52 : 60) + line * 15}
                    fontSize={word.length > 8 ? 10 : 13}
                  >
                    {word}
                  </text>
                ))}
                <text x="50" y="86" fontSize="7" fontWeight="400">
                  Ministerio de Salud
                </text>
              </g>
            </svg>
          </li>
        );
      })}
    </ul>
  );
}
