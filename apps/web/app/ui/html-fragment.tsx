/**
 * A CMS html fragment rendered as HTML. The content service hands out every `html` field already sanitised
 * (apps/server/src/modules/content/sanitize-html.ts, an allow-list), so the browser carries no sanitiser.
 */
export function HtmlFragment({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
