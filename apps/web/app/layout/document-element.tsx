import { useLayoutEffect, type ReactNode } from 'react';

const IN_BROWSER = typeof document !== 'undefined';

/**
 * The page's <html>. The server renders the element; in the browser Preact renders a document into its
 * <html> element (hydrating `document` hydrates document.documentElement), so there the element's
 * children are drawn in place and its attributes are set on the element the page already has.
 */
export function DocumentElement({
  lang,
  className,
  children,
}: {
  lang: string;
  className: string | undefined;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    // What changed since the server wrote it (the contrast setting, when its cookie is read again).
    const root = document.documentElement;
    if (root.lang !== lang) root.lang = lang;
    if (root.className !== (className ?? '')) root.className = className ?? '';
  }, [lang, className]);
  if (IN_BROWSER) return children;
  return (
    <html lang={lang} className={className}>
      {children}
    </html>
  );
}
