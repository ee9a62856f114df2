/**
 * The page's hydration in turns (issue 33: a phone's main thread never blocked for long). Preact hydrates in
 * one pass; a part wrapped in <HydrateLater> (ui/hydrate-later.tsx) sits that pass out, its server HTML kept
 * as it is, and hydrates afterwards in a task of its own, one part per task, in page order. A shopper who
 * touches, clicks or types anywhere first has every waiting part hydrated at once, before the event goes on.
 */
let firstPass = false;
const waiting: (() => void)[] = [];
let pumping = false;
/** Effects held until every part has hydrated (afterTurns). */
const held: (() => void)[] = [];

/** Runs the page's first hydration pass (entry.client.tsx). */
export function hydrateInTurns(hydrate: () => void): void {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
  for (const type of ['pointerdown', 'focusin', 'keydown']) {
    addEventListener(type, hydrateAllNow, { capture: true, once: true });
  }
}

/** Whether the page's first hydration pass is running (a part told so waits for its turn). */
export function inFirstPass(): boolean {
  return firstPass;
}

/** A promise settled at this part's turn. */
export function nextTurn(): Promise<void> {
  const turn = new Promise<void>((resolve) => waiting.push(resolve));
  if (!pumping) {
    pumping = true;
    nextTask(takeTurn);
  }
  return turn;
}

function takeTurn(): void {
  waiting.shift()?.();
  if (waiting.length) return nextTask(takeTurn);
  pumping = false;
  for (const run of held.splice(0)) nextTask(run);
}

/**
 * Runs `run` in a task of its own once no part waits for its turn. The page's effects go through here
 * (lib/preact-options.ts): a part hydrates with the state the server drew it with, since Preact's
 * hydration keeps the server's attributes as they are, so nothing may change that state (the cart from a
 * link, the shopper's own parts) until every part has hydrated.
 */
export function afterTurns(run: () => void): void {
  if (pumping) held.push(run);
  else nextTask(run);
}

function hydrateAllNow(): void {
  for (const resolve of waiting.splice(0)) resolve();
}

/** Settles in a task of its own, after whatever the page is doing now. */
export function taskOfItsOwn(): Promise<void> {
  return new Promise((resolve) => nextTask(resolve));
}

/** A task of its own, not a timer: a page whose clock is held (a background tab, a test) still hydrates. */
function nextTask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
}
