/** A one-line progress bar on stderr (only when it is a terminal; otherwise a line per 10 %). */
export function progressBar(label: string, total: number): { tick(done: number): void; finish(): void } {
  const tty = process.stderr.isTTY;
  let lastDecile = -1;
  const draw = (done: number) => {
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    if (tty) {
      const width = 30;
      const filled = Math.round(ratio * width);
      process.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)}% (${done}/${total})`,
      );
    } else {
      const decile = Math.floor(ratio * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        process.stderr.write(`${label}: ${decile * 10}%\n`);
      }
    }
  };
  return {
    tick: draw,
    finish: () => {
      draw(total);
      if (tty) process.stderr.write('\n');
    },
  };
}
