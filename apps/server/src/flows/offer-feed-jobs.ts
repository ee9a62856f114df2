import { createHash } from 'node:crypto';
import { OfferFeedFormatError, parseOfferFeed, type ParsedOfferFeed } from '@despensa/domain';
import {
  Failure,
  failureMessages,
  OFFER_FEED_INTERRUPTED,
  OFFER_FEED_MAX_ROWS,
  OFFER_FEED_STAGE_LABELS,
  offerFeedReport,
  type AuditActor,
  type OfferFeedJob,
  type OfferFeedJobStage,
} from '@despensa/contracts';
import type { Database } from '../db/client';
import type { AuditService } from '../modules/audit/service';
import type { FeedJobRow, FeedJobs } from '../modules/catalog/feed-jobs';
import type { StoresService } from '../modules/stores/service';
import { importOfferFeed, type OfferFeedStage } from './import-offer-feed';

/** A running job's instance marks it alive this often, however long one stage takes. */
const HEARTBEAT_MS = 30_000;
/**
 * A job not marked alive for this long lost its instance (a restart, a crash): it reads as interrupted,
 * and the same file sent again starts it anew.
 */
const STALE_AFTER_MS = 3 * 60_000;

/** Where each stage sits on the bar: checking is quick, staging the rows is most of the work. */
function percentAt(stage: OfferFeedStage, done: number, total: number): number {
  if (stage === 'checking') return 5;
  if (stage === 'staging') return 10 + Math.floor((80 * done) / Math.max(1, total));
  return stage === 'applying' ? 95 : 100;
}

/** Reads a feed sent over HTTP: not a feed is feedInvalid (400), more than 100,000 rows feedTooManyRows (413). */
export function checkedFeed(text: string): ParsedOfferFeed {
  let parsed: ParsedOfferFeed;
  try {
    parsed = parseOfferFeed(text);
  } catch (error) {
    if (!(error instanceof OfferFeedFormatError)) throw error;
    throw new Failure('feedInvalid', { message: `${failureMessages.feedInvalid} ${error.message}.` });
  }
  if (parsed.total > OFFER_FEED_MAX_ROWS) throw new Failure('feedTooManyRows');
  if (parsed.total === 0)
    throw new Failure('feedInvalid', { message: `${failureMessages.feedInvalid} No trae filas.` });
  return parsed;
}

/**
 * Feeds of offers sent over HTTP (the back office's upload and the integration API, issue 30 §2): checked
 * before the answer, then applied by the same flow as `npm run feed`, as a job whose progress any instance
 * reads. The same file sent again by the same sender is the same job (and the flow answers the first
 * run's report without writing anything).
 */
export class OfferFeedRunner {
  /** Jobs this instance is running (a test or a shutdown waits for them). */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly modules: { stores: StoresService; jobs: FeedJobs; audit: AuditService },
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string) => void = () => {},
  ) {}

  async start(actor: AuditActor, text: string): Promise<OfferFeedJob> {
    const parsed = checkedFeed(text);
    const owner = ownerOf(actor);
    const id = createHash('sha256').update(text).digest('hex');
    const { jobs } = this.modules;
    const existing = await jobs.get(owner, id);
    if (existing && !this.restartable(existing)) return view(existing);
    if (await jobs.begin(owner, id, existing !== null)) {
      const run = this.run(actor, owner, id, text, parsed);
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }
    return this.read(actor, id);
  }

  async read(actor: AuditActor, id: string): Promise<OfferFeedJob> {
    const owner = ownerOf(actor);
    const row = await this.modules.jobs.get(owner, id);
    if (!row) throw new Failure('feedJobNotFound');
    if (!this.lost(row)) return view(row);
    // Only if nothing moved it meanwhile: a job sent again since then is not the lost one.
    await this.modules.jobs.interrupt(owner, id, row.updatedAt, OFFER_FEED_INTERRUPTED);
    return view((await this.modules.jobs.get(owner, id)) ?? row);
  }

  /** Waits for the feeds this instance is applying. */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private restartable(job: FeedJobRow): boolean {
    return job.stage === 'failed' || this.lost(job);
  }

  /** Still moving by its row, but its instance has not marked it alive for STALE_AFTER_MS. */
  private lost(job: FeedJobRow): boolean {
    const moving = job.stage !== 'done' && job.stage !== 'failed';
    return moving && this.clock().getTime() - job.updatedAt.getTime() > STALE_AFTER_MS;
  }

  private async run(
    actor: AuditActor,
    owner: string,
    id: string,
    text: string,
    parsed: ParsedOfferFeed,
  ): Promise<void> {
    const { jobs, stores, audit } = this.modules;
    // Progress is written in order, once per change of the bar, and never holds the feed's transaction.
    let written = Promise.resolve();
    let shown = -1;
    const onProgress = (stage: OfferFeedStage, done: number, total: number) => {
      const percent = percentAt(stage, done, total);
      if (percent === shown || stage === 'done') return;
      shown = percent;
      written = written.then(() => jobs.progress(owner, id, { stage, percent }));
    };
    const heartbeat = setInterval(() => {
      // A missed mark is only a later one; a failed progress write still fails the job below.
      written = written.then(() => jobs.touch(owner, id).catch(() => {}));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const report = await importOfferFeed(this.database, stores, text, {
        parsed,
        onProgress,
        record: (tx, report) =>
          audit.record(tx, {
            actor,
            action: 'offerFeed.import',
            subject: `offerFeed:${id}`,
            before: null,
            after: {
              total: report.total,
              applied: report.applied,
              changed: report.changed,
              refused: report.refused,
            },
          }),
      });
      await written;
      await jobs.progress(owner, id, { stage: 'done', percent: 100, report });
    } catch (error) {
      this.log(`offer feed ${id} failed: ${String(error)}`);
      await written.catch(() => {});
      await jobs
        .progress(owner, id, { stage: 'failed', percent: 100, failure: failureMessages.internal })
        .catch(() => {});
    } finally {
      clearInterval(heartbeat);
    }
  }
}

function ownerOf(actor: AuditActor): string {
  return actor.kind === 'staff' ? 'staff' : `appKey:${actor.id}`;
}

function view(row: FeedJobRow): OfferFeedJob {
  const stage = row.stage as OfferFeedJobStage;
  return {
    id: row.id,
    stage,
    percent: row.percent,
    label: OFFER_FEED_STAGE_LABELS[stage],
    report: row.report ? offerFeedReport.parse(row.report) : null,
    failure: row.failure,
  };
}
