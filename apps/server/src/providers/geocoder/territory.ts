import { readFileSync } from 'node:fs';
import { normalizeText } from '@despensa/domain';
import type { Comuna, Region } from '@despensa/contracts';
import { parseCsv } from '../../seed/stores/csv';
import { loadComunas } from '../../seed/stores/territory';

/**
 * Chile's regions and comunas from data/cl-territorio (CUT codes: clregions, MIT; comuna coordinates:
 * dr5hn countries-states-cities-database, ODbL 1.0 — see data/cl-territorio/PROVENANCE.md for attribution).
 */
export interface Territory {
  regions: Region[];
  comunasOf(regionCode: string): Comuna[];
  /** A region by code, full name, short name or roman numeral (accents and case ignored). */
  findRegion(text: string): Region | undefined;
  /** A comuna by name, within `regionCode` when given (two regions can share a comuna name). */
  findComuna(name: string, regionCode?: string): Comuna | undefined;
  /** Population-weighted centre of a region's comunas, [lng, lat]. */
  regionCentre(regionCode: string): [number, number] | null;
}

const DATA_DIR = new URL('../../../data/cl-territorio/', import.meta.url);

/**
 * The official north-to-south order of the regions by CUT code (Arica y Parinacota first, Magallanes last):
 * the codes follow the order regions were created in, so Arica (15), Santiago (13), Ñuble (16) and
 * Los Ríos (14) sit out of place in the data.
 */
const NORTH_TO_SOUTH = [
  '15',
  '01',
  '02',
  '03',
  '04',
  '05',
  '13',
  '06',
  '07',
  '16',
  '08',
  '09',
  '14',
  '10',
  '11',
  '12',
];
const northToSouth = (code: string) => {
  const index = NORTH_TO_SOUTH.indexOf(code);
  return index === -1 ? NORTH_TO_SOUTH.length : index;
};
let cached: Territory | undefined;

export function loadTerritory(): Territory {
  if (cached) return cached;
  const regions: Region[] = parseCsv(readFileSync(new URL('regiones.csv', DATA_DIR), 'utf8')).map((row) => ({
    code: row.codigo_region ?? '',
    name: row.nombre ?? '',
    shortName: row.nombre_corto ?? '',
    romanNumeral: row.numero_romano ?? '',
  }));
  regions.sort((a, b) => northToSouth(a.code) - northToSouth(b.code));
  const raw = loadComunas();
  const comunas: Comuna[] = raw.map((c) => ({
    code: c.code,
    name: c.name,
    regionCode: c.regionCode,
    geoCoordinates: c.lat !== null && c.lng !== null ? [c.lng, c.lat] : null,
  }));
  const byRegion = new Map<string, Comuna[]>();
  for (const c of comunas) byRegion.set(c.regionCode, [...(byRegion.get(c.regionCode) ?? []), c]);
  for (const list of byRegion.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const regionKeys = new Map<string, Region>();
  for (const r of regions) {
    for (const key of [
      r.code,
      r.name,
      r.shortName,
      r.romanNumeral,
      r.name.replace(/^Región (de |del )?/, ''),
    ])
      regionKeys.set(normalizeText(key), r);
  }
  const centres = new Map<string, [number, number] | null>();
  for (const r of regions) {
    let weight = 0;
    let lng = 0;
    let lat = 0;
    for (const c of raw) {
      if (c.regionCode !== r.code || c.lat === null || c.lng === null) continue;
      const w = Math.max(1, c.population);
      weight += w;
      lng += c.lng * w;
      lat += c.lat * w;
    }
    centres.set(r.code, weight > 0 ? [lng / weight, lat / weight] : null);
  }
  cached = {
    regions,
    comunasOf: (code) => byRegion.get(code) ?? [],
    findRegion: (text) => regionKeys.get(normalizeText(text)),
    findComuna: (name, regionCode) => {
      const wanted = normalizeText(name);
      return comunas.find(
        (c) => normalizeText(c.name) === wanted && (regionCode === undefined || c.regionCode === regionCode),
      );
    },
    regionCentre: (code) => centres.get(code) ?? null,
  };
  return cached;
}
