/** Joins name parts, skipping empty ones. */
export function joinWords(...parts: (string | null | undefined)[]): string {
  return parts.filter((part) => part).join(' ');
}

/** ISO date (UTC midnight) a number of days from `from`. */
export function isoDaysFrom(from: Date, days: number): string {
  const date = new Date(from.getTime() + days * 86_400_000);
  date.setUTCHours(0, 0, 0, 0);
  return date.toISOString();
}
