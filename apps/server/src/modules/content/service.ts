import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { SPONSORED_LIMIT, contentForSeller, isBannerActive } from '@despensa/domain';
import { Failure } from '@despensa/contracts';
import type { Database } from '../../db/client';
import { sanitizeCmsDocument } from './sanitize-html';
import { ContentEditing } from './editing';
import { nextDatedChange, publishDueVersions, storedVersions } from './schedule';

/** A legal page printed as the PDF its terms-update dialog links to (served by the HTTP layer). */
export { legalPagePdf } from './legal-pdf';

interface BannerAsset {
  name: string;
  title: string;
  colors: { bg: string; fg: string };
  variant: 'desktop' | 'mobile';
}

interface SponsoredBanner {
  active: boolean;
  start_date?: string | null;
  end_date?: string | null;
  [field: string]: unknown;
}

type StoredVersions = NonNullable<Awaited<ReturnType<typeof storedVersions>>>;

/** A staff member's preview: the drafts shown instead of what is published, at a chosen time. */
interface Preview {
  drafts: Map<string, unknown>;
  at: Date;
}

/** CMS documents (home, menus, curtain, legal, help centre, offers…) kept in PostgreSQL as JSON. */
export class ContentService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string) => void = () => {},
  ) {
    this.editing = new ContentEditing(database);
  }

  /** Drafts and publishing, for the back office and the integration API (through flows). */
  readonly editing: ContentEditing;

  /**
   * The stored versions last read, by key, while this instance listens for changes (start()): every page
   * reads the menu, footer and curtain, and they change a few times a day. Bounded like `prepared`.
   */
  private readonly stored = new LRUCache<string, StoredVersions>({ max: 500 });
  private readonly preview = new AsyncLocalStorage<Preview>();
  /** When the clock alone next changes what the documents show (ms), and how many such times passed. */
  private nextChangeAt = Infinity;
  private datedChanges = 0;
  /** Counts changes heard, so a read that started before one does not keep what it read. */
  private changes = 0;
  private listener: { end(): Promise<void> } | null = null;
  private readonly changeListeners = new Set<() => void>();

  /** Calls `listener` after any document changed on any instance, once this service has forgotten it. */
  onChange(listener: () => void): void {
    this.changeListeners.add(listener);
  }

  async start(): Promise<void> {
    // A connection of its own, outside the pool: the pool's few connections stay for requests.
    const client = new pg.Client({ connectionString: this.database.url });
    await client.connect();
    client.on('notification', () => {
      this.changes++;
      this.stored.clear();
      void this.refreshDatedChange();
      for (const listener of this.changeListeners) listener();
    });
    client.on('error', (error) => {
      // Without its signal the cache could keep an old text: read from the database again.
      this.listener = null;
      this.stored.clear();
      this.log(`content listener lost its connection: ${error.message}`);
    });
    await client.query('LISTEN content_changed');
    this.listener = { end: () => client.end().catch(() => {}) };
    await this.refreshDatedChange();
  }

  /**
   * A change this instance made: forgotten, and the next dated change found, before the change's answer
   * goes out (its own notification comes a moment later, as it does to every other instance).
   */
  async changedHere(): Promise<void> {
    this.changes++;
    this.stored.clear();
    await this.refreshDatedChange();
  }

  /**
   * Counts the times the clock reached a dated change (a banner's start or end, a scheduled publish): a
   * page rendered before the last one may show what is no longer so. Cheap: a page cache asks on every
   * request. The first call past such a time forgets the stored versions and looks for the next time.
   */
  datedChangesPassed(): number {
    if (this.clock().getTime() >= this.nextChangeAt) {
      this.datedChanges++;
      this.nextChangeAt = Infinity;
      this.stored.clear();
      void this.refreshDatedChange();
    }
    return this.datedChanges;
  }

  /** Moves versions whose time came into place and finds the next dated change. */
  private async refreshDatedChange(): Promise<void> {
    try {
      const now = this.clock();
      await publishDueVersions(this.database.db, now);
      this.nextChangeAt = await nextDatedChange(this.database.db, now);
    } catch (error) {
      // Pages still expire within a minute (the page cache's ttl); the next change signal tries again.
      this.log(`content: finding the next dated change failed: ${(error as Error).message}`);
    }
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.end();
  }

  /**
   * The text of a document shown at `now`: the scheduled version from its time on, else the published one.
   * From memory while the change signal is heard.
   */
  private async storedText(key: string, now: Date): Promise<string | undefined> {
    let versions = this.stored.get(key);
    if (versions === undefined) {
      const changes = this.changes;
      versions = await storedVersions(this.database.db, key);
      if (!versions) return undefined;
      if (this.listener && changes === this.changes) this.stored.set(key, versions);
    }
    const { published, scheduled } = versions;
    if (scheduled && scheduled.at <= now.getTime()) return scheduled.text;
    return published ?? undefined;
  }

  /**
   * Runs `render` as a staff member's preview: every document with a draft shows it, at the time `at`
   * (scheduled versions and dated banners as they will be then). Nothing rendered so is shared.
   */
  async previewing<T>(at: Date, render: () => Promise<T>): Promise<T> {
    const drafts = await this.editing.drafts();
    return this.preview.run({ drafts, at }, render);
  }

  /**
   * A document as stored, its `html` fragments sanitised: whoever wrote it, no script reaches a page. For a
   * seller's storefront (§1 white-label) without the items its seller rules leave that seller out of (§6).
   */
  async document(key: string, sellerId?: string): Promise<unknown> {
    const preview = this.preview.getStore();
    // A draft is shown to the one staff member previewing it: never kept beside what shoppers see.
    if (preview?.drafts.has(key)) return forSeller(sanitizeCmsDocument(preview.drafts.get(key)), sellerId);
    const text = await this.storedText(key, this.now());
    if (text === undefined) throw new Failure('contentNotFound');
    // Every page reads the menu, footer and curtain: the same stored text is parsed and cleaned once.
    const memoKey = `${sellerId ?? ''}\n${key}`;
    const memo = this.prepared.get(memoKey);
    if (memo?.text === text) return memo.document;
    const document = forSeller(sanitizeCmsDocument(JSON.parse(text)), sellerId);
    this.prepared.set(memoKey, { text, document });
    return document;
  }

  /**
   * Documents as last served, by seller and key, with the stored text they came from. Bounded: the
   * seller in /api/{seller}/cms/{file} is whatever a caller writes.
   */
  private readonly prepared = new LRUCache<string, { text: string; document: unknown }>({ max: 500 });

  /** Sponsored banners that are active and within their dates now (§4), at most 5. */
  async sponsoredBanners(): Promise<SponsoredBanner[]> {
    const data = (await this.document('list-banners').catch(() => ({ items: [] }))) as {
      items?: SponsoredBanner[];
    };
    const banners = Array.isArray(data.items) ? data.items : [];
    const now = this.now();
    return banners.filter((banner) => isBannerActive(banner, now)).slice(0, SPONSORED_LIMIT);
  }

  /** A banner picture's title and colours, from the media-banners document (cached for a minute). */
  async bannerAsset(name: string): Promise<BannerAsset | undefined> {
    const now = Date.now();
    if (!this.bannerAssets || this.bannerAssets.loadedAt < now - 60_000) {
      const data = (await this.document('media-banners').catch(() => ({ items: [] }))) as {
        items?: BannerAsset[];
      };
      this.bannerAssets = {
        loadedAt: now,
        byName: new Map((data.items ?? []).map((asset) => [asset.name, asset])),
      };
    }
    return this.bannerAssets.byName.get(name);
  }

  private bannerAssets: { loadedAt: number; byName: Map<string, BannerAsset> } | null = null;

  /** The time content is shown at: the server's clock, or the time a staff member previews. */
  now(): Date {
    return this.preview.getStore()?.at ?? this.clock();
  }
}

function forSeller(document: unknown, sellerId: string | undefined): unknown {
  return sellerId === undefined ? document : contentForSeller(document, sellerId);
}
