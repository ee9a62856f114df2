import type { ReactNode } from 'react';
import { Icon } from '../ui/icon';

/** The centred card of the error, 503 and not-found pages. */
export function StatusPage({ icon, title, children }: { icon: string; title: string; children: ReactNode }) {
  return (
    <main className="status-page">
      <div className="status-page__card">
        <span className="status-page__icon">
          <Icon name={icon} size={48} />
        </span>
        <h1 className="status-page__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
