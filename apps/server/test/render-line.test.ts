import { describe, expect, it } from 'vitest';
import { renderInLine } from '../src/http/render-line';

/** A render the test finishes by hand, whose page streams until the test ends it. */
function controlledRenders() {
  const started: { finish: () => void; endBody: () => void }[] = [];
  const render = () =>
    new Promise<Response>((resolve) => {
      let close: () => void = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('<html>'));
          close = () => controller.close();
        },
      });
      started.push({ finish: () => resolve(new Response(body, { status: 200 })), endBody: () => close() });
    });
  return { render, started };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('server renders take turns (fault 10)', () => {
  it('runs at most `concurrency` renders, each until its page is read to the end, and refuses past the line', async () => {
    const { render, started } = controlledRenders();
    const inLine = renderInLine(render, { concurrency: 2, waiting: 1 });
    const first = inLine();
    const second = inLine();
    const third = inLine();
    const fourth = await inLine();
    await turn();
    expect(started).toHaveLength(2);
    // The line holds one: the fourth is the §8 503 page, at once.
    expect(fourth.status).toBe(503);
    expect(fourth.headers.get('retry-after')).toBe('5');
    expect(await fourth.text()).toContain('En estos momentos no podemos completar tu solicitud');

    started[0]!.finish();
    const page = await first;
    await turn();
    // The first render's page is still streaming: its place is still taken.
    expect(started).toHaveLength(2);
    started[0]!.endBody();
    expect(await page.text()).toBe('<html>');
    await turn();
    expect(started).toHaveLength(3);

    // A page nobody reads to the end (the shopper left) gives its place back when cancelled.
    started[1]!.finish();
    await (await second).body!.cancel();
    started[2]!.finish();
    await (await third).body!.cancel();
    await turn();
    // Both places free again: the next two start at once.
    void inLine();
    void inLine();
    await turn();
    expect(started).toHaveLength(5);
  });

  it('gives the place back when a render fails', async () => {
    let calls = 0;
    const inLine = renderInLine(
      async () => {
        calls++;
        throw new Error('loader failed');
      },
      { concurrency: 1, waiting: 0 },
    );
    await expect(inLine()).rejects.toThrow('loader failed');
    await turn();
    await expect(inLine()).rejects.toThrow('loader failed');
    expect(calls).toBe(2);
  });
});
