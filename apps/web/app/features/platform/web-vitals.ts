import type { PageType } from '@despensa/contracts';
import { track } from './analytics';

/**
 * §7 performance monitor: the real users' Core Web Vitals of this document, reported for the page type it
 * was loaded as (web-vitals measures the document, not later in-app navigations). Loaded after start so
 * it costs the first paint nothing.
 */
export function startWebVitals(page: { type: PageType; path: string }): void {
  void import('web-vitals')
    .then(({ onCLS, onINP, onLCP, onTTFB }) => {
      const report = (metric: { name: string; value: number }) =>
        track({ type: 'web_vital', name: metric.name as 'LCP', value: Math.max(0, metric.value) }, page);
      onLCP(report);
      onINP(report);
      onCLS(report);
      onTTFB(report);
    })
    .catch(() => {});
}
