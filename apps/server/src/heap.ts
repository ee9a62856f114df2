import v8 from 'node:v8';

/**
 * How far V8 lets the heap grow past what the last full collection kept, while a catalogue is read or a
 * channel's cards are worked out. Left to itself V8 grows the heap up to fourfold while collections are
 * cheap: reading a national chain's catalogue (half a gigabyte of index; issue 33 asks ≤ 1 GB at 500,000
 * products) it passed 1.2 GB, the rows already turned into documents still waiting to be collected, and
 * working out its 27 stores' cards (each product's offers and promotions looked at, 13 million times) it
 * reached 1.8 GB of mostly garbage. 15 % keeps the heap near what it holds, for more collections: the
 * build took some 15 % longer (a quarter still peaked past 1 GB), the stores' cards a fifth longer (peak
 * 895 MB). Serving pages it cost half as much CPU again a page, so V8 chooses again once the work is done.
 */
const BUILD_HEAP_GROWING_PERCENT = 15;
/** V8's own choice. */
const DEFAULT_HEAP_GROWING_PERCENT = 0;

let holders = 0;

/** Keeps the heap near what it holds until the answer is called (once); several holds may overlap. */
export function holdHeapNearLive(): () => void {
  if (holders++ === 0) v8.setFlagsFromString(`--heap-growing-percent=${BUILD_HEAP_GROWING_PERCENT}`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holders === 0) v8.setFlagsFromString(`--heap-growing-percent=${DEFAULT_HEAP_GROWING_PERCENT}`);
  };
}

/** Runs `build` (a catalogue read) with the heap kept near what it holds. */
export async function withHeapNearLive<T>(build: () => Promise<T>): Promise<T> {
  const release = holdHeapNearLive();
  try {
    return await build();
  } finally {
    release();
  }
}
