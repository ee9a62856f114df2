import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CHAIN_SELLER_ID,
  DEFAULT_SALES_CHANNEL,
  parseOfferFeed,
  problem,
  type OfferFeedProblem,
  type OfferFeedProblemCode,
  type OfferFeedRow,
  type ParsedOfferFeed,
} from '@despensa/domain';
import type { Database, Tx } from '../db/client';
import { applyOfferFeed } from '../modules/catalog/offer-feed';
import type { StoresService } from '../modules/stores/service';
import { defineFlow, runFlow } from './flow';

/** The report keeps this many refused rows one by one (all of them are counted by reason). */
const LISTED_PROBLEMS = 1_000;
/** A feed of 100,000 rows is applied in seconds; this bounds a pathological one. */
const FEED_STATEMENT_TIMEOUT = '120s';

export interface OfferFeedReport {
  /** The feed's SHA-256: the same file sent again answers this same report and changes nothing. */
  feed: string;
  total: number;
  applied: number;
  /** Offers whose price, list price or stock the feed actually changed. */
  changed: number;
  refused: number;
  refusedBy: Partial<Record<OfferFeedProblemCode, number>>;
  /** The first refused rows, by line. */
  problems: OfferFeedProblem[];
}

export type OfferFeedStage = 'checking' | 'staging' | 'applying' | 'done';

/** Writes what a run changed beside it, in its transaction (the back office's audit row). */
export type FeedRecorder = (tx: Tx, report: OfferFeedReport) => Promise<void>;

interface FeedInput {
  feed: string;
  sellerId: string;
  total: number;
  rows: OfferFeedRow[];
  problems: OfferFeedProblem[];
}

/** Feeds that span modules: the stores name the sales channels, the catalogue owns the offers. */
function importOfferFeedFlow(
  onProgress: (stage: OfferFeedStage, done: number, total: number) => void,
  record: FeedRecorder,
) {
  return defineFlow<FeedInput, OfferFeedReport>('import-offer-feed', async (input, { tx, step }) => {
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = '${FEED_STATEMENT_TIMEOUT}'`));
    const result = await step('applyOffers', () =>
      applyOfferFeed(tx, input.rows, input.sellerId, (staged) =>
        onProgress('staging', staged, input.rows.length),
      ),
    );
    onProgress('applying', input.rows.length, input.rows.length);
    const problems = [...input.problems, ...result.problems].sort((a, b) => a.line - b.line);
    const refusedBy: OfferFeedReport['refusedBy'] = {};
    for (const each of problems) refusedBy[each.code] = (refusedBy[each.code] ?? 0) + 1;
    const report = {
      feed: input.feed,
      total: input.total,
      applied: result.applied,
      changed: result.changed,
      refused: problems.length,
      refusedBy,
      problems: problems.slice(0, LISTED_PROBLEMS),
    };
    await step('record', () => record(tx, report));
    return report;
  });
}

/**
 * Imports a feed of offers (issue 30 item 2): every row checked (domain), the catalogue's refusals added,
 * the good rows applied in one transaction, idempotent by the file's content.
 */
export async function importOfferFeed(
  database: Database,
  stores: StoresService,
  text: string,
  options: {
    sellerId?: string;
    onProgress?: (stage: OfferFeedStage, done: number, total: number) => void;
    /** The feed as `parseOfferFeed` read it already (a caller that checked it before answering). */
    parsed?: ParsedOfferFeed;
    record?: FeedRecorder;
  } = {},
): Promise<OfferFeedReport> {
  const onProgress = options.onProgress ?? (() => {});
  const feed = createHash('sha256').update(text).digest('hex');
  const parsed = options.parsed ?? parseOfferFeed(text);
  onProgress('checking', parsed.total, parsed.total);
  const channels = new Set([
    DEFAULT_SALES_CHANNEL,
    ...(await stores.activeRows()).map((s) => s.salesChannel),
  ]);
  const known = parsed.rows.filter((row) => channels.has(row.salesChannel));
  const unknownChannel = parsed.rows
    .filter((row) => !channels.has(row.salesChannel))
    .map((row) => problem(row.line, 'unknownSalesChannel', 'salesChannel', String(row.salesChannel)));
  const input: FeedInput = {
    feed,
    sellerId: options.sellerId ?? CHAIN_SELLER_ID,
    total: parsed.total,
    rows: known,
    problems: [...parsed.problems, ...unknownChannel],
  };
  const flow = importOfferFeedFlow(onProgress, options.record ?? (async () => {}));
  const report = await runFlow(database, flow, input, { idempotencyKey: feed });
  onProgress('done', parsed.total, parsed.total);
  return report;
}
