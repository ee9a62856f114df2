import { sanitizeHtml } from '../lib/sanitize-html';

/** A CMS html fragment, defanged (see sanitizeHtml) and rendered as HTML. */
export function HtmlFragment({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
