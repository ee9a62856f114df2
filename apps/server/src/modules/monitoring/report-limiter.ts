/** The window client error reports are counted in. */
export const REPORT_WINDOW_MS = 60_000;
/** Reports one client address may send a window: a page that fails keeps well under it. */
export const REPORTS_PER_ADDRESS = 30;
/** Error lines all clients together may write a window; the rest are counted and said in one line. */
export const LOGGED_REPORTS_PER_WINDOW = 60;
/** Addresses one window keeps count of, so that a flood of addresses cannot grow the process. */
const MAX_ADDRESSES = 10_000;

/**
 * Rate limits for POST /api/client-errors, in this process: past REPORTS_PER_ADDRESS a client is refused,
 * and past LOGGED_REPORTS_PER_WINDOW a report is taken but not logged (one client could otherwise write a
 * thousand error lines a second).
 */
export class ReportLimiter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private readonly perAddress = new Map<string, number>();
  private logged = 0;
  private quiet = 0;
  private unsaid = 0;

  constructor(private readonly clock: () => Date) {}

  /** What to do with one report from `address`: log it, take it quietly, or refuse it. */
  admit(address: string): 'log' | 'quiet' | 'refuse' {
    this.roll();
    const count = (this.perAddress.get(address) ?? 0) + 1;
    if (count > REPORTS_PER_ADDRESS || (count === 1 && this.perAddress.size >= MAX_ADDRESSES))
      return 'refuse';
    this.perAddress.set(address, count);
    if (this.logged < LOGGED_REPORTS_PER_WINDOW) {
      this.logged++;
      return 'log';
    }
    this.quiet++;
    return 'quiet';
  }

  /** How many reports earlier windows took without a line; each is counted once. */
  leftOut(): number {
    this.roll();
    const count = this.unsaid;
    this.unsaid = 0;
    return count;
  }

  private roll(): void {
    const now = this.clock().getTime();
    if (now - this.windowStart < REPORT_WINDOW_MS) return;
    this.windowStart = now;
    this.perAddress.clear();
    this.unsaid += this.quiet;
    this.quiet = 0;
    this.logged = 0;
  }
}
