/**
 * A tiny RFC 4180-style CSV reader: comma separator, optional double-quoted fields ("" escapes a quote),
 * LF or CRLF line endings, optional UTF-8 BOM. Returns one object per data row keyed by the header row.
 * Blank lines are skipped. Values are kept as text (codes such as '01101' stay zero-padded).
 */
export function parseCsv(text: string): Record<string, string>[] {
  const rows = parseRows(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const header = rows.shift();
  if (!header) return [];
  return rows
    .filter((row) => row.length > 1 || (row[0] ?? '') !== '')
    .map((row) => {
      const record: Record<string, string> = {};
      header.forEach((name, i) => {
        record[name] = row[i] ?? '';
      });
      return record;
    });
}

function parseRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
