import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { SPONSORED_LIMIT, contentForSeller, isBannerActive } from '@despensa/domain';
import { Failure } from '@despensa/contracts';
import type { Database } from '../../db/client';
import { sanitizeCmsDocument } from './sanitize-html';
import { cmsDocument } from './tables';

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

/** CMS documents (home, menus, curtain, legal, help centre, offers…) kept in PostgreSQL as JSON. */
export class ContentService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string) => void = () => {},
  ) {}

  /**
   * The stored texts last read, by key, while this instance listens for changes (start()): every page
   * reads the menu, footer and curtain, and they change a few times a day. Bounded like `prepared`.
   */
  private readonly stored = new LRUCache<string, string>({ max: 500 });
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
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    await listener?.end();
  }

  /** The stored text of a document, from memory while the change signal is heard. */
  private async storedText(key: string): Promise<string | undefined> {
    const remembered = this.stored.get(key);
    if (remembered !== undefined) return remembered;
    const changes = this.changes;
    const [row] = await this.database.db
      .select({ text: sql<string>`${cmsDocument.data}::text` })
      .from(cmsDocument)
      .where(eq(cmsDocument.key, key));
    if (row && this.listener && changes === this.changes) this.stored.set(key, row.text);
    return row?.text;
  }

  /**
   * A document as stored, its `html` fragments sanitised: whoever wrote it, no script reaches a page. For a
   * seller's storefront (§1 white-label) without the items its seller rules leave that seller out of (§6).
   */
  async document(key: string, sellerId?: string): Promise<unknown> {
    const text = await this.storedText(key);
    if (text === undefined) throw new Failure('contentNotFound');
    // Every page reads the menu, footer and curtain: the same stored text is parsed and cleaned once.
    const memoKey = `${sellerId ?? ''}\n${key}`;
    const memo = this.prepared.get(memoKey);
    if (memo?.text === text) return memo.document;
    const clean = sanitizeCmsDocument(JSON.parse(text));
    const document = sellerId === undefined ? clean : contentForSeller(clean, sellerId);
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
    const now = this.clock();
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

  now(): Date {
    return this.clock();
  }
}
