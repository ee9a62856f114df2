/** The global event §8 raises when a call fails on the network or answers something unreadable. */
export const SERVICE_UNAVAILABLE_EVENT = 'error_503';

export function raiseServiceUnavailable(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SERVICE_UNAVAILABLE_EVENT));
}
