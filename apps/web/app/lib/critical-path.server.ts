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
const MODULE_PRELOAD = /<link rel="modulepreload"( href="[^"]*"(?: nonce="[^"]*")?\/>)/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async>/g;
const HEAD_END = '</head>';
/** The empty <style> CriticalStyles renders, which the stylesheets' text fills. */
const CRITICAL_STYLES = `<style ${CRITICAL_STYLES_ATTRIBUTE}></style>`;

const cssByFile = new Map<string, string | null>();

/** A stylesheet of the build, ready to sit in a <style>; null for a file that is not ours. */
function stylesheetText(file: string): string | null {
  if (!ASSETS_DIR) return null;
  let css = cssByFile.get(file);
  if (css === undefined) {
    try {
      // The build's own files: read once, kept for the life of the process (their names carry a hash).
      css = fs.readFileSync(new URL(file, ASSETS_DIR), 'utf8').replaceAll('</style', '<\\/style');
    } catch {
      css = null; // a file that is not ours: keep the link as it is
    }
    cssByFile.set(file, css);
  }
  return css;
}

/** The head with its stylesheets' text in the critical <style>, and their links no longer blocking. */
function inlineStylesheets(head: string): string {
  if (!head.includes(CRITICAL_STYLES)) return head;
  const styles: string[] = [];
  const linked = head.replace(STYLESHEET_LINK, (tag, nonce: string | undefined, file: string) => {
    const css = stylesheetText(file);
    if (css === null) return tag;
    styles.push(css);
    return `<link ${nonce ?? ''}rel="stylesheet" href="/assets/${file}" media="print"/>`;
  });
  return linked.replace(CRITICAL_STYLES, `<style ${CRITICAL_STYLES_ATTRIBUTE}>${styles.join('')}</style>`);
}

export function deferScripts(html: string): string {
  return html
    .replace(MODULE_PRELOAD, `<link rel="${DEFERRED_PRELOAD_REL}"$1`)
    .replace(MODULE_SCRIPT, `<script type="${DEFERRED_MODULE_TYPE}"$1>`);
}

const MODULE_SCRIPT_END = ' type="module" async>';

/**
 * Rewrites a whole document: its head, and React Router's module script at the end of the body (found by
 * a plain search: a pattern run over the body's ~100 KB cost a millisecond a page).
 */
export function criticalPathDocument(html: string): Buffer<ArrayBuffer> {
  const end = html.indexOf(HEAD_END);
  if (end < 0) return Buffer.from(deferScripts(html));
  const parts = [inlineStylesheets(deferScripts(html.slice(0, end)))];
  let from = end;
  for (let at = html.indexOf(MODULE_SCRIPT_END, from); at >= 0; at = html.indexOf(MODULE_SCRIPT_END, from)) {
    const start = html.lastIndexOf('<script', at);
    const tagEnd = at + MODULE_SCRIPT_END.length;
    parts.push(html.slice(from, start), deferScripts(html.slice(start, tagEnd)));
    from = tagEnd;
  }
  parts.push(html.slice(from));
  return Buffer.from(parts.join(''));
}
