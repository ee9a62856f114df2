import { z } from 'zod';

/** A feed of offers sent over HTTP (issue 30 §2): run as a job, its progress read until its report. */
export const OFFER_FEED_MAX_ROWS = 100_000;
/** The most a feed's body may weigh: 100,000 JSON rows with room to spare. */
export const OFFER_FEED_MAX_BYTES = 24 * 1024 * 1024;

export const offerFeedStage = z.enum(['queued', 'checking', 'staging', 'applying', 'done', 'failed']);
export type OfferFeedJobStage = z.infer<typeof offerFeedStage>;

/** Each stage in Spanish: the progress bar's label on the command line and in the back office. */
export const OFFER_FEED_STAGE_LABELS: Record<OfferFeedJobStage, string> = {
  queued: 'En espera',
  checking: 'Revisando filas',
  staging: 'Cargando ofertas',
  applying: 'Aplicando',
  done: 'Listo',
  failed: 'No se pudo aplicar',
};

/** A job whose server stopped before it finished (a restart or a crash): nothing moves it any more. */
export const OFFER_FEED_INTERRUPTED =
  'La carga se interrumpió porque el servidor se reinició. Envía el mismo archivo de nuevo.';

export const offerFeedReport = z.object({
  feed: z.string(),
  total: z.number().int(),
  applied: z.number().int(),
  changed: z.number().int(),
  refused: z.number().int(),
  refusedBy: z.record(z.string(), z.number().int()),
  problems: z.array(
    z.object({ line: z.number().int(), code: z.string(), field: z.string().optional(), message: z.string() }),
  ),
});

export const offerFeedJob = z.object({
  /** The feed's SHA-256 (with its seller): the same file sent again is the same job. */
  id: z.string(),
  stage: offerFeedStage,
  /** 0 to 100 across the stages. */
  percent: z.number().int().min(0).max(100),
  /** The stage in Spanish, as the progress bar's label. */
  label: z.string(),
  report: offerFeedReport.nullable(),
  /** Why the feed could not be applied at all (a database failure), in Spanish. */
  failure: z.string().nullable(),
});
export type OfferFeedJob = z.infer<typeof offerFeedJob>;

export const offerFeedJobParams = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) });

/** A feed's report in one line, as the command line and the back office print it. */
export function offerFeedSummary(report: {
  total: number;
  applied: number;
  changed: number;
  refused: number;
}) {
  return `Filas: ${report.total} · aplicadas: ${report.applied} · cambiaron: ${report.changed} · rechazadas: ${report.refused}`;
}

/** A refused row as the report lists it: `línea 7: El precio no puede ser mayor…`. */
export function offerFeedProblemLine(problem: { line: number; message: string }) {
  return `línea ${problem.line}: ${problem.message}`;
}
