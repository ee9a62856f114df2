import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (issue 16). Every answer says nosniff, a referrer policy and that no other site may
 * frame it; over https (directly or through a trusted proxy) HSTS as well. Pages add a Content-Security-
 * Policy whose scripts are the shop's own files plus the inline scripts it rendered: by nonce on a page
 * rendered for one request, by hash on a page the page cache serves to many. The starter of
 * deferred-scripts.ts re-inserts the inert module script: with the nonce copied, or the same text (hash).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // A staff member's preview of a draft is framed by the back office (its own answer says SAMEORIGIN).
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

/** A fresh nonce for one response's inline scripts. */
export function cspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy of a page whose inline scripts are allowed by these sources ('nonce-…' or 'sha256-…'); only
 * the back office's preview of a page is framed, by the shop's own pages.
 */
export function contentSecurityPolicy(
  scriptSources: string[],
  framedBy: "'none'" | "'self'" = "'none'",
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(' ')}`.trim(),
    // Critical CSS is inlined (critical-path.server.ts) and components set style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${framedBy}`,
  ].join('; ');
}

const SCRIPT_OPEN = Buffer.from('<script');
const SCRIPT_CLOSE = Buffer.from('</script>');
const GREATER_THAN = 0x3e;
const WORD_BYTE = /[\w]/;

/**
 * The 'sha256-…' sources of a document's inline scripts (those with no src and a JavaScript type). Read
 * from the bytes: turning a 200 KB page into a string to search it cost more than the rest of this.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  let at = html.indexOf(SCRIPT_OPEN);
  while (at >= 0) {
    const next = html[at + SCRIPT_OPEN.length];
    const tagEnd = html.indexOf(GREATER_THAN, at);
    if (next === undefined || tagEnd < 0) break;
    if (WORD_BYTE.test(String.fromCharCode(next))) {
      at = html.indexOf(SCRIPT_OPEN, at + 1);
      continue;
    }
    const close = html.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close < 0) break;
    const attributes = html.toString('utf8', at + SCRIPT_OPEN.length, tagEnd);
    const type = /\btype="([^"]*)"/.exec(attributes)?.[1];
    const javascript =
      !type || type === 'module' || type === 'text/javascript' || type.startsWith('text/x-despensa');
    if (javascript && close > tagEnd + 1 && !/\bsrc=/.test(attributes)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(html.subarray(tagEnd + 1, close))
          .digest('base64')}'`,
      );
    }
    at = html.indexOf(SCRIPT_OPEN, close + SCRIPT_CLOSE.length);
  }
  return [...hashes];
}
