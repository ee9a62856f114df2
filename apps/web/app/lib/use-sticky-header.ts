import { useEffect, useRef, useState } from 'react';
import { SCROLL_THROTTLE_MS } from '@despensa/domain';
import { throttle } from './throttle';

/**
 * §2 sticky header: `active` once the top marker leaves the view (IntersectionObserver, no scroll math), and
 * `preHeaderHidden` once the page is scrolled (a scroll handler throttled to SCROLL_THROTTLE_MS).
 */
export function useStickyHeader() {
  const markerRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(false);
  const [preHeaderHidden, setPreHeaderHidden] = useState(false);

  useEffect(() => {
    const marker = markerRef.current;
    if (!marker || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setActive(entry ? !entry.isIntersecting : false));
    observer.observe(marker);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onScroll = throttle(() => setPreHeaderHidden(window.scrollY > 0), SCROLL_THROTTLE_MS);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  return { markerRef, active, preHeaderHidden };
}
