/**
 * A bulk feed of offers (issue 30 item 2): a chain's ERP sends prices and stock for many SKUs at once, as
 * CSV (a header line, then one offer per line) or JSON (an array of the same objects). Each row names a SKU
 * and the sales channel (a store's trade policy) and sets its price, list price and stock; prices are CLP
 * cents, as everywhere on the wire. This file reads and checks each row on its own; what needs the
 * catalogue (does the SKU exist, do open orders hold more than the new stock) the server checks.
 */

export const OFFER_FEED_COLUMNS = ['skuId', 'salesChannel', 'price', 'listPrice', 'quantity'] as const;
export type OfferFeedColumn = (typeof OFFER_FEED_COLUMNS)[number];

export interface OfferFeedRow {
  /** The row's line in the file (CSV: the header is line 1; JSON: the array index + 1). */
  line: number;
  skuId: number;
  salesChannel: number;
  price: number;
  listPrice: number;
  quantity: number;
}

/** Why a row was not applied; every text is what the report tells the chain's staff. */
export const OFFER_FEED_PROBLEMS = {
  missingValue: 'Falta el valor',
  notAWholeNumber: 'Debe ser un número entero',
  negative: 'No puede ser negativo',
  priceAboveList: 'El precio no puede ser mayor que el precio de lista',
  repeatedOffer: 'La misma oferta (SKU y canal de venta) ya venía en una fila anterior',
  unknownSku: 'El SKU no existe en el catálogo',
  unknownSalesChannel: 'El canal de venta no existe',
  belowHeld: 'El stock es menor que lo que ya tienen reservado pedidos abiertos',
  notAnObject: 'La fila no es un objeto',
} as const;
export type OfferFeedProblemCode = keyof typeof OFFER_FEED_PROBLEMS;

export interface OfferFeedProblem {
  line: number;
  code: OfferFeedProblemCode;
  field?: OfferFeedColumn;
  /** The Spanish text of `code`, with what was found where it helps. */
  message: string;
}

export interface ParsedOfferFeed {
  rows: OfferFeedRow[];
  problems: OfferFeedProblem[];
  /** Rows read, good and bad. */
  total: number;
}

export class OfferFeedFormatError extends Error {}

/** Reads a whole feed: CSV when it does not start with '[' (a JSON array), else JSON. */
export function parseOfferFeed(text: string): ParsedOfferFeed {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  const records = trimmed.startsWith('[') ? jsonRecords(trimmed) : csvRecords(trimmed);
  const rows: OfferFeedRow[] = [];
  const problems: OfferFeedProblem[] = [];
  const seen = new Set<string>();
  for (const { line, record } of records) {
    const checked = checkRow(line, record);
    if ('problem' in checked) {
      problems.push(checked.problem);
      continue;
    }
    const key = `${checked.row.skuId}:${checked.row.salesChannel}`;
    if (seen.has(key)) {
      problems.push(problem(line, 'repeatedOffer'));
      continue;
    }
    seen.add(key);
    rows.push(checked.row);
  }
  return { rows, problems, total: records.length };
}

export function problem(
  line: number,
  code: OfferFeedProblemCode,
  field?: OfferFeedColumn,
  found?: string,
): OfferFeedProblem {
  const where = field ? ` en ${field}` : '';
  const what = found === undefined ? '' : ` (se recibió «${found.slice(0, 40)}»)`;
  return { line, code, ...(field && { field }), message: `${OFFER_FEED_PROBLEMS[code]}${where}${what}` };
}

type RawRecord = Record<string, unknown>;

function checkRow(line: number, record: unknown): { row: OfferFeedRow } | { problem: OfferFeedProblem } {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { problem: problem(line, 'notAnObject') };
  }
  const values: Partial<Record<OfferFeedColumn, number>> = {};
  for (const column of OFFER_FEED_COLUMNS) {
    const raw = (record as RawRecord)[column];
    if (raw === undefined || raw === null || raw === '')
      return { problem: problem(line, 'missingValue', column) };
    const value = typeof raw === 'number' ? raw : /^-?\d+$/.test(String(raw).trim()) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value))
      return { problem: problem(line, 'notAWholeNumber', column, String(raw)) };
    if (value < 0) return { problem: problem(line, 'negative', column, String(raw)) };
    values[column] = value;
  }
  const row = { line, ...values } as OfferFeedRow;
  if (row.price > row.listPrice)
    return { problem: problem(line, 'priceAboveList', 'price', String(row.price)) };
  return { row };
}

function jsonRecords(text: string): { line: number; record: unknown }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OfferFeedFormatError('El archivo no es JSON válido');
  }
  if (!Array.isArray(parsed)) throw new OfferFeedFormatError('El archivo JSON debe ser una lista de ofertas');
  return parsed.map((record, index) => ({ line: index + 1, record }));
}

/** CSV as spreadsheets write it: comma or semicolon separated, a header naming the columns in any order. */
function csvRecords(text: string): { line: number; record: RawRecord }[] {
  const lines = text.split(/\r?\n/);
  const header = lines[0] ?? '';
  const separator = header.includes(';') && !header.includes(',') ? ';' : ',';
  const names = header.split(separator).map((name) => name.trim());
  const missing = OFFER_FEED_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    throw new OfferFeedFormatError(`Faltan columnas en la cabecera: ${missing.join(', ')}`);
  }
  const records: { line: number; record: RawRecord }[] = [];
  for (let index = 1; index < lines.length; index++) {
    const text = lines[index]!;
    if (text.trim() === '') continue;
    const cells = text.split(separator);
    const record: RawRecord = {};
    names.forEach((name, column) => (record[name] = cells[column]?.trim() ?? ''));
    records.push({ line: index + 1, record });
  }
  return records;
}
