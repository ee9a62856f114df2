/** Debian's Chromium, unless CHROME_PATH names another. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The flags this machine's Chromium needs (no sandbox as root, no background network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
