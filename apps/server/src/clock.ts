import fs from 'node:fs';

/**
 * The server's clock. With CLOCK_OFFSET_FILE (journeys only) it runs ahead of the machine's by the
 * milliseconds written in that file, read again whenever the file changes: a journey moves the shop to a
 * banner's start time without waiting for it. Nothing reachable over HTTP can move it.
 */
export function serverClock(offsetFile: string | undefined, log: (message: string) => void): () => Date {
  if (!offsetFile) return () => new Date();
  let offset = 0;
  const read = () => {
    const text = fs.existsSync(offsetFile) ? fs.readFileSync(offsetFile, 'utf8').trim() : '0';
    const value = Number(text || '0');
    if (Number.isFinite(value)) offset = value;
    else log(`CLOCK_OFFSET_FILE holds no number of milliseconds: ${text}`);
  };
  read();
  fs.watchFile(offsetFile, { interval: 50, persistent: false }, read);
  log(`the server's clock runs ahead by the milliseconds in ${offsetFile} (journeys only)`);
  return () => new Date(Date.now() + offset);
}
