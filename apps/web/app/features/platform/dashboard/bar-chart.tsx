import { formatNumber } from '../../../lib/format';

/** A horizontal bar chart in SVG: one bar per row, its value at the end, an optional threshold line. */
export interface Bar {
  label: string;
  value: number;
  /** A bar past its threshold reads in the warning colour. */
  tone?: 'good' | 'poor' | 'neutral';
}

const ROW = 28;
const LABEL_WIDTH = 180;
const VALUE_WIDTH = 80;
const WIDTH = 640;

export function BarChart({
  title,
  bars,
  format = formatNumber,
  threshold,
}: {
  title: string;
  bars: Bar[];
  format?: (value: number) => string;
  threshold?: { value: number; label: string };
}) {
  const max = Math.max(...bars.map((bar) => bar.value), threshold?.value ?? 0, 1);
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = bars.length * ROW + (threshold ? 22 : 6);
  const x = (value: number) => LABEL_WIDTH + (value / max) * plot;
  const description = bars.map((bar) => `${bar.label}: ${format(bar.value)}`).join('; ');
  return (
    <svg
      className="bar-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`${title}. ${description}${threshold ? `. ${threshold.label}` : ''}`}
    >
      <title>{title}</title>
      {bars.map((bar, i) => (
        <g key={`${bar.label}-${i}`} transform={`translate(0 ${i * ROW})`}>
          <text x={LABEL_WIDTH - 8} y={ROW / 2 + 4} textAnchor="end" className="bar-chart__label">
            {bar.label.length > 24 ? `${bar.label.slice(0, 23)}…` : bar.label}
          </text>
          <rect
            x={LABEL_WIDTH}
            y={4}
            width={Math.max(1, x(bar.value) - LABEL_WIDTH)}
            height={ROW - 8}
            className={`bar-chart__bar bar-chart__bar--${bar.tone ?? 'neutral'}`}
          />
          <text x={x(bar.value) + 6} y={ROW / 2 + 4} className="bar-chart__value">
            {format(bar.value)}
          </text>
        </g>
      ))}
      {threshold ? (
        <g>
          <line
            x1={x(threshold.value)}
            x2={x(threshold.value)}
            y1={0}
            y2={bars.length * ROW}
            className="bar-chart__threshold"
          />
          <text
            x={x(threshold.value)}
            y={bars.length * ROW + 16}
            textAnchor="middle"
            className="bar-chart__label"
          >
            {threshold.label}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
