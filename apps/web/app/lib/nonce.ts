import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the response being rendered (entry.server.tsx), for the inline
 * scripts the document renders. In the browser there is none: the scripts are already in the page.
 */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
