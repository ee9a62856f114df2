import type { BrandConfig, CurtainContent } from '@despensa/contracts';
import { HtmlFragment } from '../ui/html-fragment';

/** §2 whole-site landing, shown instead of the site while the `curtain` document marks it active. */
export function CurtainLanding({ brand, html }: { brand: BrandConfig; html: string }) {
  return (
    <main className="status-page curtain-landing">
      <div className="status-page__card">
        <img src={brand.logoUrl} alt={brand.name} width={160} height={40} />
        <HtmlFragment html={html} />
      </div>
    </main>
  );
}

/** The curtain message (content[0]) over the site while it is active. */
export function CurtainNotice({ curtain }: { curtain: CurtainContent }) {
  const message = curtain.content[0];
  if (!message?.active) return null;
  return (
    <aside className="curtain-notice" aria-label={message.title}>
      <div className="container">
        <strong>{message.title}</strong>
        <HtmlFragment html={message.html} />
      </div>
    </aside>
  );
}
