/**
 * How long a test waits for a change to reach its listeners. A limit for a hang, not a speed: the API
 * suite runs starved beside the journeys, where a catalogue rebuild has taken 7 s; how fast a change
 * propagates is bench:changes' to say.
 */
export const PROPAGATION_MS = 15_000;

/**
 * Waits until `check` holds: a change reaches the catalogue's index, another instance or the page cache a
 * moment after its commit (NOTIFY, on their own connections).
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = PROPAGATION_MS,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
