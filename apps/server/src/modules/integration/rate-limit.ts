/**
 * A token bucket per app key, as VTEX's own limits work: `ratePerSecond` sustained, and up to `burst`
 * calls above it that refill over time. Real time, never the shop's clock (tests set that one still).
 * Per instance: behind N instances a key gets at most N times its rate.
 */
export class KeyRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Takes one call off the key's bucket; false when it is empty. */
  take(key: string, ratePerSecond: number, burst: number): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
