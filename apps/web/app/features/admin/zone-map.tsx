import { useState, type MouseEvent } from 'react';
import { Form } from 'react-router';
import type { AdminStore, CoverageZoneView } from '@despensa/contracts';
import { HEIGHT, WIDTH, mapFrame } from '../delivery';
import { PostButton } from '../../ui/post-button';

/** How far around the store the map reaches when it has no zones yet (degrees, about 5 km). */
const REACH = 0.05;

type Vertex = readonly [number, number];

/** 'lng, lat' per line, as the vertices' text box holds them. */
export const verticesText = (vertices: readonly Vertex[]) =>
  vertices.map(([lng, lat]) => `${lng.toFixed(5)}, ${lat.toFixed(5)}`).join('\n');

/**
 * The store's area as an SVG map (no outside tiles: the store, its zones and the draft are the map):
 * each click adds a vertex to the zone being drawn. The vertices are also a text box, so a keyboard or
 * a pasted list draws the same zone.
 */
export function ZoneMap({
  store,
  zones,
  busy,
}: {
  store: AdminStore;
  zones: CoverageZoneView[];
  busy: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [lng, lat] = store.geoCoordinates;
  const frame = mapFrame([
    [lng - REACH, lat - REACH],
    [lng + REACH, lat + REACH],
    ...zones.flatMap((zone) => zone.rings.flat()),
  ]);
  const here = frame.project(store.geoCoordinates);
  const drafted = draft
    .split('\n')
    .map((line) => line.split(',').map((part) => Number(part.trim())))
    .filter((pair): pair is [number, number] => pair.length === 2 && pair.every(Number.isFinite));
  const points = (ring: readonly Vertex[]) =>
    ring
      .map((vertex) => frame.project(vertex))
      .map(({ x, y }) => `${x},${y}`)
      .join(' ');
  const addVertex = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * WIDTH;
    const y = ((event.clientY - box.top) / box.height) * HEIGHT;
    setDraft((text) => [text.trim(), verticesText([frame.unproject(x, y)])].filter(Boolean).join('\n'));
  };
  return (
    <section className="console-card" aria-labelledby="zones-heading">
      <h2 id="zones-heading">Zonas de cobertura y exclusión</h2>
      <figure className="store-map-figure">
        {/* A pointer adds vertices; the text box below does the same from the keyboard. */}
        <svg
          className="store-map admin-zone-map"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`Mapa de ${store.name}: ${zones.length} zonas`}
          onClick={addVertex}
        >
          <rect x="0" y="0" width={WIDTH} height={HEIGHT} rx="12" className="store-map__ground" />
          {zones.map((zone) => (
            <polygon
              key={zone.id}
              points={points(zone.rings[0] ?? [])}
              className={`admin-zone admin-zone--${zone.kind}`}
            />
          ))}
          {drafted.length > 0 ? (
            <polygon points={points(drafted)} className="admin-zone admin-zone--draft" />
          ) : null}
          {drafted.map((vertex, index) => {
            const { x, y } = frame.project(vertex);
            return <circle key={index} cx={x} cy={y} r="4" className="admin-zone__vertex" />;
          })}
          <circle cx={here.x} cy={here.y} r="8" className="store-map__marker" />
        </svg>
        <figcaption className="store-map__legend">
          Verde: zona de despacho. Rojo: zona de exclusión. Azul: la zona que estás dibujando. El punto: la
          tienda.
        </figcaption>
      </figure>
      <ZoneList zones={zones} busy={busy} />
      <NewZoneForm draft={draft} setDraft={setDraft} busy={busy} />
    </section>
  );
}

function ZoneList({ zones, busy }: { zones: CoverageZoneView[]; busy: boolean }) {
  if (zones.length === 0) return <p>Esta tienda aún no tiene zonas.</p>;
  return (
    <ul className="admin-zone-list">
      {zones.map((zone) => (
        <li key={zone.id}>
          {zone.name} ({zone.kind === 'delivery' ? 'despacho' : 'exclusión'}
          {zone.salesChannel === null ? ', todas las tiendas' : ''})
          {zone.salesChannel !== null ? (
            <PostButton
              fields={{ intent: 'zone-remove', zoneId: zone.id }}
              label={`Eliminar la zona ${zone.name}`}
              busy={busy}
            >
              Eliminar
            </PostButton>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The zone being drawn: its name, kind and vertices (the map's clicks land in the same text box). */
function NewZoneForm({
  draft,
  setDraft,
  busy,
}: {
  draft: string;
  setDraft: (text: string) => void;
  busy: boolean;
}) {
  return (
    <Form method="post" className="admin-form">
      <h3>Nueva zona</h3>
      <input type="hidden" name="intent" value="zone-create" />
      <label>
        Nombre de la zona
        <input type="text" name="name" required maxLength={120} autoComplete="off" />
      </label>
      <label>
        Tipo de zona
        <select name="kind" defaultValue="delivery">
          <option value="delivery">Despacho</option>
          <option value="exclusion">Exclusión</option>
        </select>
      </label>
      <label>
        Vértices (longitud, latitud; uno por línea)
        <textarea
          name="vertices"
          rows={5}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          required
        />
      </label>
      <button type="submit" className="button button--primary" disabled={busy}>
        Guardar zona
      </button>
    </Form>
  );
}
