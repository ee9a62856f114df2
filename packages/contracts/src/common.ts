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

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): a name carrying them is shown reordered
 * ('Ana\u202eatsiR' reads 'AnaRista') wherever it is displayed, the operations console included.
 */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
export const NAME_BIDI_MESSAGE = 'El nombre contiene caracteres de control de dirección no permitidos';

export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}

/** A name a person types (their own, a receiver's, a list's, a card holder's): no bidirectional controls. */
export function typedName(schema: z.ZodString): z.ZodString {
  return schema.refine((text) => !hasBidiControls(text), { error: NAME_BIDI_MESSAGE });
}

export const ZONED_DATE_MESSAGE = 'La fecha debe indicar su zona horaria (Z o ±hh:mm)';

/** An instant with its zone said: a date without one would be read in the server's own zone. */
export const zonedDateTime = z.iso.datetime({ offset: true, error: ZONED_DATE_MESSAGE });
