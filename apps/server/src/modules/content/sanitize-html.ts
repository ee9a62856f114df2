import sanitize from 'sanitize-html';

/**
 * What a CMS `html` fragment may hold (contracts' content.ts): the seed's p, h2, h3, ul, li, a and strong,
 * plus plain text formatting an editor may use. Links keep only http(s), mailto, tel and site paths; no
 * attribute but a link's href and title survives, so no handler or style can run.
 */
const CMS_HTML: sanitize.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'br'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Script and style bodies go with their tags; other unknown tags leave their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg'],
};

export function sanitizeCmsHtml(html: string): string {
  return sanitize(html, CMS_HTML);
}

/** A CMS document with every `html` string in it sanitised, at any depth. */
export function sanitizeCmsDocument(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitizeCmsDocument);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      key === 'html' && typeof field === 'string' ? sanitizeCmsHtml(field) : sanitizeCmsDocument(field),
    ]),
  );
}
