import type { ContentSection } from '@despensa/contracts';
import { HtmlFragment } from '../../ui/html-fragment';

/** A page's CMS sections; each heading carries the section's anchor as its id ('#1', '#topic-1'). */
export function ContentSections({ sections }: { sections: ContentSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.anchor} aria-labelledby={section.anchor} className="content-section">
          <h2 id={section.anchor} className="content-section__title">
            {section.title}
          </h2>
          <HtmlFragment html={section.html} />
        </section>
      ))}
    </>
  );
}

/** 'En esta página': links to the sections, for long legal and help texts. */
export function SectionIndex({ sections }: { sections: ContentSection[] }) {
  if (sections.length < 3) return null;
  return (
    <nav aria-label="En esta página" className="section-index">
      <h2 className="section-index__title">En esta página</h2>
      <ol>
        {sections.map((section) => (
          <li key={section.anchor}>
            <a href={`#${section.anchor}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
