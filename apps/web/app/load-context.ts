import type { StorefrontContext } from '@despensa/contracts';

// The server passes its services to every loader and action (see apps/server/src/web.ts).
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StorefrontContext {}
}

export {};
