/**
 * CMS fragments are trusted seed HTML (p, h2, h3, ul, li, a, strong), but a fragment is still defanged before
 * it reaches dangerouslySetInnerHTML: script/style/iframe elements, on* handlers and javascript: URLs go.
 * Runs on the server and in the browser, so it works on the text rather than on a DOM.
 */
export function sanitizeHtml(html: string): string {
  return html
    .replace(/<(script|style|iframe|object|embed)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|style|iframe|object|embed)\b[^>]*>/gi, '')
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\s(href|src)\s*=\s*("|')\s*javascript:[\s\S]*?\2/gi, ' $1="#"');
}
