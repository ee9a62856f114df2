import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { Transform, type TransformCallback } from 'node:stream';
import { DEFERRED_MODULE_TYPE, DEFERRED_PRELOAD_REL } from './deferred-scripts';

/**
 * Critical-path tuning of every server-rendered document, done on the HTML stream:
 * - The shop's stylesheets are small (one bundle, ~8 KB compressed), so each page carries them inline and
 *   paints without waiting for a render-blocking request. The <link> stays, with media="print" so it no
 *   longer blocks: React hydrates the head it rendered, and attribute differences are not hydration errors.
 * - Scripts start after the first paint (deferred-scripts.ts): React Router's module script leaves the
 *   server inert, and the starter in <head> brings it and its module preloads to life.
 */
// Found from the build's root, not this chunk's folder: the bundler moves chunks (it once moved this one
// a folder down, and every page went back to render-blocking stylesheets without a sound). The development
// server has no build: its stylesheets stay links.
const BUILD_ROOT = import.meta.url.lastIndexOf('/build/server/');
const ASSETS_DIR =
  BUILD_ROOT < 0 ? null : new URL('client/assets/', import.meta.url.slice(0, BUILD_ROOT + '/build/'.length));
// React renders a Content-Security-Policy nonce before the other attributes, when the page has one.
const STYLESHEET_LINK = /<link (?:nonce="[^"]*" )?rel="stylesheet" href="\/assets\/([\w.-]+\.css)"\/>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"( href="[^"]*"(?: nonce="[^"]*")?\/>)/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/g;
const MODULE_SCRIPT_END = ' type="module" async="">';
const HEAD_END = '</head>';
/** A head that has not ended by then is not ours to rewrite. */
const MAX_HEAD_CHARS = 256 * 1024;

/** What replaces a stylesheet's link: the styles inline, as text (streams) and as bytes (whole pages). */
interface InlineStylesheet {
  text: string;
  bytes: Buffer;
}
const inlineByFile = new Map<string, InlineStylesheet | null>();

function inlineStylesheet(file: string): InlineStylesheet | null {
  if (!ASSETS_DIR) return null;
  let inline = inlineByFile.get(file);
  if (inline === undefined) {
    try {
      // The build's own files: read once, kept for the life of the process (their names carry a hash).
      const css = fs.readFileSync(new URL(file, ASSETS_DIR), 'utf8').replaceAll('</style', '<\\/style');
      const text = `<style data-href="/assets/${file}">${css}</style><link rel="stylesheet" href="/assets/${file}" media="print"/>`;
      inline = { text, bytes: Buffer.from(text) };
    } catch {
      inline = null; // a file that is not ours: keep the link as it is
    }
    inlineByFile.set(file, inline);
  }
  return inline;
}

export function inlineStylesheets(head: string): string {
  return head.replace(STYLESHEET_LINK, (tag, file: string) => inlineStylesheet(file)?.text ?? tag);
}

/** The same as bytes, the styles copied from their cached bytes instead of encoded again on every page. */
function inlineStylesheetBytes(head: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (const match of head.matchAll(STYLESHEET_LINK)) {
    const inline = inlineStylesheet(match[1]!);
    if (!inline) continue;
    parts.push(Buffer.from(head.slice(from, match.index)), inline.bytes);
    from = match.index + match[0].length;
  }
  parts.push(Buffer.from(head.slice(from)));
  return parts;
}

export function deferScripts(html: string): string {
  return html
    .replace(MODULE_PRELOAD, `<link rel="${DEFERRED_PRELOAD_REL}"$1`)
    .replace(MODULE_SCRIPT, `<script type="${DEFERRED_MODULE_TYPE}"$1>`);
}

const HEAD_END_BYTES = Buffer.from(HEAD_END);
const MODULE_SCRIPT_END_BYTES = Buffer.from(MODULE_SCRIPT_END);
const SCRIPT_START_BYTES = Buffer.from('<script');

/**
 * Rewrites a whole document at once (a page rendered to the end before it is sent), as bytes: only the
 * head and React Router's module script change, and turning a 200 KB page into a string and back cost
 * more than the rest of the rewrite.
 */
export function criticalPathDocument(html: Buffer): Buffer<ArrayBuffer> {
  const end = html.indexOf(HEAD_END_BYTES);
  if (end < 0) return Buffer.from(deferScripts(html.toString('utf8')));
  // Scripts first: the patterns then search the head's 2 KB rather than its 60 KB of styles.
  const parts = inlineStylesheetBytes(deferScripts(html.toString('utf8', 0, end)));
  let from = end;
  for (
    let at = html.indexOf(MODULE_SCRIPT_END_BYTES, from);
    at >= 0;
    at = html.indexOf(MODULE_SCRIPT_END_BYTES, from)
  ) {
    const start = html.lastIndexOf(SCRIPT_START_BYTES, at);
    const tagEnd = at + MODULE_SCRIPT_END_BYTES.length;
    parts.push(html.subarray(from, start), Buffer.from(deferScripts(html.toString('utf8', start, tagEnd))));
    from = tagEnd;
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

/** Rewrites a document stream: the head once it is complete, the body piece by piece. */
export function criticalPathStream(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let inBody = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending += decoder.write(chunk);
      if (!inBody) {
        const end = pending.indexOf(HEAD_END);
        if (end < 0 && pending.length < MAX_HEAD_CHARS) return callback();
        inBody = true;
        if (end >= 0) pending = inlineStylesheets(pending.slice(0, end)) + pending.slice(end);
      }
      // A tag cut by the chunk boundary waits for the next chunk.
      const cut = pending.lastIndexOf('<');
      const keep = cut >= 0 && pending.indexOf('>', cut) < 0 ? cut : pending.length;
      const ready = deferScripts(pending.slice(0, keep));
      pending = pending.slice(keep);
      callback(null, ready || undefined);
    },
    flush(callback: TransformCallback) {
      const rest = pending + decoder.end();
      callback(null, rest ? deferScripts(rest) : undefined);
    },
  });
}
