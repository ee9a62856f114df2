import { z } from 'zod';

/** §8: what the browser reports when a page cannot render or a script or stylesheet chunk fails to load. */
export const clientErrorReport = z
  .object({
    kind: z.enum(['render', 'ChunkLoadError', 'CSS_CHUNK_LOAD_FAILED', 'unhandled']),
    message: z.string().max(1000),
    stack: z.string().max(4000).optional(),
    /** The script or stylesheet that failed, for chunk errors. */
    resource: z.string().max(500).optional(),
    url: z.string().max(500).optional(),
    /** The build the browser runs (§7 performance monitor). */
    appVersion: z.string().max(64).optional(),
    /** The logged-in shopper's e-mail (§7 {email}). */
    email: z.string().max(254).optional(),
  })
  .meta({ id: 'ClientErrorReport' });
export type ClientErrorReport = z.infer<typeof clientErrorReport>;
