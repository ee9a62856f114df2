import { z } from 'zod';

/** The JSON body of every 4xx/5xx answer. */
export const errorResponse = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    /** What went wrong, as a typed code (failures.ts); the web decides what to tell the shopper from it. */
    code: z.string(),
    message: z.string(),
    /** The field at fault, when one is. */
    field: z.string().optional(),
  })
  .meta({ id: 'Error' });

/** A route schema's failure answers: each status listed answers the JSON error body. */
export function errorResponses<Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof errorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<
    Status,
    typeof errorResponse
  >;
}

export const salesChannelQuery = z.coerce.number().int().min(1).max(100000).default(1);

/** A seller's id as paths and queries carry it (§7 `{seller}` calls, a white-label brand's seller). */
export const sellerIdParam = z.string().regex(/^[\w-]{1,40}$/, 'not a seller id');
