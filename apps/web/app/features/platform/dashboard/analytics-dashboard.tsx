import { Form } from 'react-router';
import {
  DEVICES,
  FUNNEL_STEPS,
  WEB_VITALS,
  WEB_VITAL_GOOD,
  type AnalyticsDashboard,
  type PageType,
  type WebVitalName,
} from '@despensa/contracts';
import { formatNumber } from '../../../lib/format';
import { BarChart } from './bar-chart';
import './dashboard.css';

const STEP_NAMES: Record<(typeof FUNNEL_STEPS)[number], string> = {
  visits: 'Visitas',
  productViews: 'Vieron un producto',
  addToCart: 'Agregaron al carro',
  checkout: 'Iniciaron el pago',
  orders: 'Compraron',
};
const DEVICE_NAMES = { mobile: 'Móvil', tablet: 'Tableta', desktop: 'Escritorio' } as const;
const PAGE_NAMES: Record<PageType, string> = {
  home: 'Inicio',
  listing: 'Listados y búsqueda',
  product: 'Producto',
  cart: 'Carro',
  checkout: 'Pago',
  other: 'Otras',
};
const formatVital = (name: WebVitalName) => (value: number) =>
  name === 'CLS' ? value.toFixed(3) : `${formatNumber(Math.round(value))} ms`;

/** The merchandisers' dashboard: what shoppers do and how fast the shop is for them. */
export function AnalyticsDashboardView({ dashboard }: { dashboard: AnalyticsDashboard }) {
  return (
    <div className="analytics-dashboard">
      <h1>Analítica de la tienda</h1>
      <Form method="get" className="analytics-dashboard__range">
        <label>
          Desde <input type="date" name="from" defaultValue={dashboard.from} />
        </label>
        <label>
          Hasta <input type="date" name="to" defaultValue={dashboard.to} />
        </label>
        <button type="submit" className="button button--secondary">
          Ver
        </button>
      </Form>

      <FunnelSection dashboard={dashboard} />

      <section aria-labelledby="sin-resultados">
        <h2 id="sin-resultados">Búsquedas sin resultados</h2>
        <p>Lo que los clientes buscan y el catálogo no tiene.</p>
        {dashboard.zeroResultSearches.length ? (
          <BarChart
            title="Búsquedas sin resultados"
            bars={dashboard.zeroResultSearches
              .slice(0, 15)
              .map(({ term, count }) => ({ label: term, value: count }))}
          />
        ) : (
          <p>Ninguna búsqueda quedó sin resultados.</p>
        )}
      </section>

      <div className="analytics-dashboard__grid">
        <section aria-labelledby="mas-buscado">
          <h2 id="mas-buscado">Lo más buscado</h2>
          <BarChart
            title="Lo más buscado"
            bars={dashboard.topSearches.map(({ term, count }) => ({ label: term, value: count }))}
          />
        </section>
        <section aria-labelledby="mas-visto">
          <h2 id="mas-visto">Productos más vistos</h2>
          <BarChart
            title="Productos más vistos"
            bars={dashboard.topProducts.map(({ productId, name, views }) => ({
              label: name ?? `Producto ${productId}`,
              value: views,
            }))}
          />
        </section>
      </div>

      <WebVitalsSection dashboard={dashboard} />
    </div>
  );
}

/** §1 the purchase funnel: sessions that reached each step, by device, as charts and by day. */
function FunnelSection({ dashboard }: { dashboard: AnalyticsDashboard }) {
  const byDevice = DEVICES.map((device) => {
    const rows = dashboard.funnel.filter((row) => row.device === device);
    return {
      device,
      steps: FUNNEL_STEPS.map((step) => ({ step, value: rows.reduce((sum, row) => sum + row[step], 0) })),
    };
  }).filter(({ steps }) => steps[0]!.value > 0 || steps.some((step) => step.value > 0));

  return (
    <section aria-labelledby="embudo">
      <h2 id="embudo">Embudo de compra</h2>
      <p>
        Sesiones que llegaron a cada paso, del {dashboard.from} al {dashboard.to}.
      </p>
      {byDevice.length === 0 ? <p>Aún no hay visitas en estas fechas.</p> : null}
      <div className="analytics-dashboard__grid">
        {byDevice.map(({ device, steps }) => (
          <figure key={device}>
            <figcaption>{DEVICE_NAMES[device]}</figcaption>
            <BarChart
              title={`Embudo en ${DEVICE_NAMES[device]}`}
              bars={steps.map(({ step, value }) => ({ label: STEP_NAMES[step], value }))}
            />
          </figure>
        ))}
      </div>
      {dashboard.funnel.length ? <FunnelTable funnel={dashboard.funnel} /> : null}
    </section>
  );
}

function FunnelTable({ funnel }: { funnel: AnalyticsDashboard['funnel'] }) {
  return (
    <table className="analytics-dashboard__table">
      <caption>Embudo por día y dispositivo</caption>
      <thead>
        <tr>
          <th scope="col">Día</th>
          <th scope="col">Dispositivo</th>
          {FUNNEL_STEPS.map((step) => (
            <th scope="col" key={step}>
              {STEP_NAMES[step]}
            </th>
          ))}
          <th scope="col">Conversión</th>
        </tr>
      </thead>
      <tbody>
        {funnel.map((row) => (
          <tr key={`${row.day}-${row.device}`}>
            <th scope="row">{row.day}</th>
            <td>{DEVICE_NAMES[row.device]}</td>
            {FUNNEL_STEPS.map((step) => (
              <td key={step}>{formatNumber(row[step])}</td>
            ))}
            <td>{row.visits ? `${((row.orders / row.visits) * 100).toFixed(1)} %` : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The shoppers' own Core Web Vitals (p75) by page type, against the «good» threshold. */
function WebVitalsSection({ dashboard }: { dashboard: AnalyticsDashboard }) {
  return (
    <section aria-labelledby="velocidad">
      <h2 id="velocidad">Velocidad real (Core Web Vitals, p75)</h2>
      <p>
        El percentil 75 de lo que miden los navegadores de los clientes, por tipo de página; la línea es el
        umbral «bueno».
      </p>
      <div className="analytics-dashboard__grid">
        {WEB_VITALS.map((name) => {
          const rows = dashboard.webVitals.filter((vital) => vital.name === name);
          if (!rows.length) return null;
          const format = formatVital(name);
          return (
            <figure key={name}>
              <figcaption>
                {name} (bueno ≤ {format(WEB_VITAL_GOOD[name])})
              </figcaption>
              <BarChart
                title={`${name} p75 por tipo de página`}
                format={format}
                threshold={{
                  value: WEB_VITAL_GOOD[name],
                  label: `bueno ≤ ${format(WEB_VITAL_GOOD[name])}`,
                }}
                bars={rows.map((vital) => ({
                  label: `${PAGE_NAMES[vital.pageType]} (${vital.samples})`,
                  value: vital.p75,
                  tone: vital.good ? 'good' : 'poor',
                }))}
              />
            </figure>
          );
        })}
      </div>
    </section>
  );
}
