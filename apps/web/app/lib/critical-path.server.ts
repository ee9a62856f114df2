import fs from 'node:fs';
import { CRITICAL_STYLES_ATTRIBUTE } from './critical-styles';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from './deferred-scripts';

/**
 * Critical-path tuning of every server-rendered document:
 * - The shop's stylesheets are small (one bundle, ~8 KB compressed), so each page carries them inline and
 *   paints without waiting for a render-blocking request. The root renders an empty <style> for them
 *   (CriticalStyles) which this fills; the <link> stays, with media="print" so it no longer blocks. The
 *   browser's tree then has the elements the components render, which is what Preact's hydration needs:
 *   it keeps the elements it finds in order and drops any other, and compares neither attributes nor the
 *   inner HTML it is told not to draw.
 * - Scripts start after the first paint (deferred-scripts.ts): React Router's module script leaves the
 *   server inert, and the starter in <head> brings it and its module preloads to life.
 */
// Found from the build's root, not this chunk's folder: the bundler moves chunks (it once moved this one
// a folder down, and every page went back to render-blocking stylesheets without a sound). The development
// server has no build: its stylesheets stay links.
const BUILD_ROOT = import.meta.url.lastIndexOf('/build/server/');
const ASSETS_DIR =
  BUILD_ROOT < 0 ? null : new URL('client/assets/', import.meta.url.slice(0, BUILD_ROOT + '/build/'.length));
// The renderer writes a Content-Security-Policy nonce before the other attributes, when the page has one.
const STYLESHEET_LINK = /<link (nonce="[^"]*" )?rel="stylesheet" href="\/assets\/([\w.-]+\.css)"\/>/g;
const MODULE_PRELOAD = '<link rel="modulepreload"';
const MODULE_SCRIPT = ' type="module" async>';
const DEFERRED_PRELOAD = `<link rel="${DEFERRED_PRELOAD_REL}"`;
const DEFERRED_SCRIPT = ` type="${DEFERRED_MODULE_TYPE}">`;
const HEAD_END = '</head>';
/** The empty <style> CriticalStyles renders, which the stylesheets' text fills. */
const CRITICAL_STYLES = `<style ${CRITICAL_STYLES_ATTRIBUTE}></style>`;

const cssByFile = new Map<string, Buffer | null>();

/** A stylesheet of the build, as the bytes that sit in a <style>; null for a file that is not ours. */
function stylesheetBytes(file: string): Buffer | null {
  if (!ASSETS_DIR) return null;
  let css = cssByFile.get(file);
  if (css === undefined) {
    try {
      // The build's own files: read once, kept for the life of the process (their names carry a hash).
      css = Buffer.from(
        fs.readFileSync(new URL(file, ASSETS_DIR), 'utf8').replaceAll('</style', '<\\/style'),
      );
    } catch {
      css = null; // a file that is not ours: keep the link as it is
    }
    cssByFile.set(file, css);
  }
  return css;
}

/** The head's parts, its stylesheets' bytes in the critical <style> and their links no longer blocking. */
function inlineStylesheets(head: string): Buffer[] {
  if (!head.includes(CRITICAL_STYLES)) return [Buffer.from(head)];
  const styles: Buffer[] = [];
  const linked = head.replace(STYLESHEET_LINK, (tag, nonce: string | undefined, file: string) => {
    const css = stylesheetBytes(file);
    if (css === null) return tag;
    styles.push(css);
    return `<link ${nonce ?? ''}rel="stylesheet" href="/assets/${file}" media="print"/>`;
  });
  const [before, after] = linked.split(CRITICAL_STYLES) as [string, string];
  return [
    Buffer.from(`${before}<style ${CRITICAL_STYLES_ATTRIBUTE}>`),
    ...styles,
    Buffer.from(`</style>${after}`),
  ];
}

const HEAD_END_BYTES = Buffer.from(HEAD_END);
const MODULE_PRELOAD_BYTES = Buffer.from(MODULE_PRELOAD);
const MODULE_SCRIPT_BYTES = Buffer.from(MODULE_SCRIPT);
const DEFERRED_PRELOAD_BYTES = Buffer.from(DEFERRED_PRELOAD);
const DEFERRED_SCRIPT_BYTES = Buffer.from(DEFERRED_SCRIPT);

/**
 * The document with React Router's module script and its module preloads inert, wherever they are
 * (Preact leaves the preloads where React Router draws them, at the end of the body). A search through
 * the bytes: a pattern, or a string's copies, over a page's ~160 KB cost a millisecond.
 */
function withInertScripts(html: Buffer): Buffer<ArrayBuffer> {
  const parts: Buffer[] = [];
  let from = 0;
  let preload = html.indexOf(MODULE_PRELOAD_BYTES);
  let script = html.indexOf(MODULE_SCRIPT_BYTES);
  while (preload >= 0 || script >= 0) {
    const isPreload = preload >= 0 && (script < 0 || preload < script);
    const at = isPreload ? preload : script;
    const [tag, inert] = isPreload
      ? [MODULE_PRELOAD_BYTES, DEFERRED_PRELOAD_BYTES]
      : [MODULE_SCRIPT_BYTES, DEFERRED_SCRIPT_BYTES];
    parts.push(html.subarray(from, at), inert);
    from = at + tag.length;
    if (isPreload) preload = html.indexOf(MODULE_PRELOAD_BYTES, from);
    else script = html.indexOf(MODULE_SCRIPT_BYTES, from);
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

/** Rewrites a whole document, as bytes: its scripts inert, then the styles into its head (~2 KB of text). */
export function criticalPathDocument(markup: string): Buffer<ArrayBuffer> {
  const html = withInertScripts(Buffer.from(markup));
  const end = html.indexOf(HEAD_END_BYTES);
  if (end < 0) return html;
  return Buffer.concat([...inlineStylesheets(html.toString('utf8', 0, end)), html.subarray(end)]);
}
