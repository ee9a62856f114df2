import { localParts, zonedInstant } from '@despensa/domain';

/** The back office's date fields: datetime-local inputs show and take the shop's wall clock (Santiago). */

/** An instant as a datetime-local field shows it: the shop's wall clock (Santiago), to the minute. */
export function localInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = localParts(date);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** A datetime-local field's value (Santiago's wall clock) as an ISO instant; '' is no bound; null if unreadable. */
export function instantOfLocalInput(value: string): string | null {
  if (value.trim() === '') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return zonedInstant(year, month, day, hour, minute).toISOString();
}
