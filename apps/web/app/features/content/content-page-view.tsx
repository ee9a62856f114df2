import type { ReactNode } from 'react';
import type { ContentSection, LinkItem } from '@despensa/contracts';
import { formatDate } from '../../lib/format';
import { Breadcrumbs } from './breadcrumbs';
import { ContentSections, SectionIndex } from './content-sections';

/** The text pages of the CMS (institutional, information, legal, sustainability): title, index, sections. */
export function ContentPageView({
  title,
  description,
  updatedAt,
  trail,
  sections,
  hero,
  children,
}: {
  title: string;
  description?: string | undefined;
  updatedAt?: string | undefined;
  trail: LinkItem[];
  sections: ContentSection[];
  /** A banner between the title and the text. */
  hero?: ReactNode;
  /** Extra blocks after the sections (pillar cards, related links). */
  children?: ReactNode;
}) {
  return (
    <main className="content-page container">
      <Breadcrumbs trail={trail} current={title} />
      <header className="content-page__header">
        <h1 className="content-page__title">{title}</h1>
        {description ? <p className="content-page__lead">{description}</p> : null}
        {updatedAt ? (
          <p className="content-page__updated">Última actualización: {formatDate(updatedAt)}</p>
        ) : null}
      </header>
      {hero}
      <div className="content-page__body">
        <SectionIndex sections={sections} />
        <div className="content-page__sections">
          <ContentSections sections={sections} />
          {children}
        </div>
      </div>
    </main>
  );
}
