import { useEffect, useState } from 'react';
import { wasServiceUnavailableRaised } from './api-client';
import { SERVICE_UNAVAILABLE_EVENT } from './events';

/** True once any call has raised the global error_503 event (§8); the page then shows the 503 screen. */
export function useServiceUnavailable(): boolean {
  const [unavailable, setUnavailable] = useState(wasServiceUnavailableRaised);
  useEffect(() => {
    const onUnavailable = () => setUnavailable(true);
    window.addEventListener(SERVICE_UNAVAILABLE_EVENT, onUnavailable);
    return () => window.removeEventListener(SERVICE_UNAVAILABLE_EVENT, onUnavailable);
  }, []);
  return unavailable;
}
