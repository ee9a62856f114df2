/**
 * Read-only lookups over the index's documents, kept as positions in one open-addressed typed array rather
 * than as Map entries: a Map entry per product, per slug and per sku, with the {sku, product} pair each
 * sku's entry held, was ~60 MB at 500,000 products (issue 33: ≤ 1 GB). A table holds only each document's
 * position; the key is read back off the document, so nothing is stored twice.
 */
export interface Lookup<K, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
  readonly size: number;
}

export class DocLookup<K, V> implements Lookup<K, V> {
  /** Position + 1 at each place; 0 is an empty place. */
  private places = new Int32Array(1024);
  private count = 0;

  /**
   * `at` gives the value at a position, `keyAt` its key (read without building the value), `hash` spreads
   * keys over the places.
   */
  constructor(
    private readonly at: (position: number) => V,
    private readonly keyAt: (position: number) => K,
    private readonly hash: (key: K) => number,
  ) {}

  get size(): number {
    return this.count;
  }

  get(key: K): V | undefined {
    const position = this.find(key);
    return position < 0 ? undefined : this.at(position);
  }

  has(key: K): boolean {
    return this.find(key) >= 0;
  }

  /** Adds the document at this position; its key must not be in the table yet. */
  add(position: number): void {
    // At most half full, so a miss ends within a few places.
    if ((this.count + 1) * 2 > this.places.length) this.grow();
    this.place(this.places, position);
    this.count++;
  }

  private find(key: K): number {
    const mask = this.places.length - 1;
    for (let place = this.hash(key) & mask; ; place = (place + 1) & mask) {
      const held = this.places[place]!;
      if (held === 0) return -1;
      if (this.keyAt(held - 1) === key) return held - 1;
    }
  }

  private place(places: Int32Array, position: number): void {
    const mask = places.length - 1;
    let place = this.hash(this.keyAt(position)) & mask;
    while (places[place] !== 0) place = (place + 1) & mask;
    places[place] = position + 1;
  }

  private grow(): void {
    const places = new Int32Array(this.places.length * 2);
    for (const held of this.places) if (held !== 0) this.place(places, held - 1);
    this.places = places;
  }
}

/**
 * Integer ids scattered over the places: a catalogue's ids come in runs, which would fill runs of places a
 * miss must walk.
 */
export function hashId(id: number): number {
  return Math.imul(id, 0x9e3779b1) >>> 0;
}

/** FNV-1a over the string's UTF-16 code units. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash >>> 0;
}
