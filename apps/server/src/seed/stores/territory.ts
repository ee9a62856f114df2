import { readFileSync } from 'node:fs';
import { parseCsv } from './csv';

/** One comuna joined from comunas.csv and comunas_coordenadas.csv. */
export interface Comuna {
  code: string;
  name: string;
  regionCode: string;
  /** `nombre_region_corto`, e.g. 'Metropolitana de Santiago'. */
  regionName: string;
  /** Null for the one comuna without a reliable coordinate (Antártica). */
  lat: number | null;
  lng: number | null;
  population: number;
}

const DATA_DIR = new URL('../../../data/cl-territorio/', import.meta.url);

let cache: Comuna[] | undefined;

/** All 346 comunas, in CSV (CUT code) order. Read once, then cached. */
export function loadComunas(): Comuna[] {
  if (cache) return cache;
  const comunas = parseCsv(readFileSync(new URL('comunas.csv', DATA_DIR), 'utf8'));
  const coordinates = new Map(
    parseCsv(readFileSync(new URL('comunas_coordenadas.csv', DATA_DIR), 'utf8')).map((row) => [
      row.codigo_comuna,
      row,
    ]),
  );
  cache = comunas.map((row): Comuna => {
    const coords = coordinates.get(row.codigo_comuna ?? '');
    const lat = parseNumber(coords?.lat);
    const lng = parseNumber(coords?.lng);
    return {
      code: row.codigo_comuna ?? '',
      name: row.nombre ?? '',
      regionCode: row.codigo_region ?? '',
      regionName: row.nombre_region_corto ?? '',
      lat: lat !== null && lng !== null ? lat : null,
      lng: lat !== null && lng !== null ? lng : null,
      population: parseNumber(coords?.poblacion_estimada) ?? 0,
    };
  });
  return cache;
}

function parseNumber(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
