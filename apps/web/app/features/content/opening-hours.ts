/** Monday = 1 … Sunday = 7, as §4 numbers the days. */
const DAY_NAMES = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];

/**
 * Opening hours as a shopper reads them: consecutive days with the same hours join,
 * e.g. ['Lun a Vie: 08:00 a 22:00', 'Sáb: 09:00 a 21:00'].
 */
export function summarizeOpeningHours(hours: { day: number; opens: string; closes: string }[]): string[] {
  const sorted = [...hours].sort((a, b) => a.day - b.day);
  const runs: { first: number; last: number; opens: string; closes: string }[] = [];
  for (const entry of sorted) {
    const run = runs.at(-1);
    if (run && run.last === entry.day - 1 && run.opens === entry.opens && run.closes === entry.closes) {
      run.last = entry.day;
    } else {
      runs.push({ first: entry.day, last: entry.day, opens: entry.opens, closes: entry.closes });
    }
  }
  return runs.map((run) => {
    const first = DAY_NAMES[run.first - 1] ?? '';
    const days = run.first === run.last ? first : `${first} a ${DAY_NAMES[run.last - 1] ?? ''}`;
    return `${days}: ${run.opens} a ${run.closes}`;
  });
}
