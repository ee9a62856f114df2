/** The global event §8 raises when a call fails on the network or answers something unreadable. */
export const SERVICE_UNAVAILABLE_EVENT = 'error_503';
