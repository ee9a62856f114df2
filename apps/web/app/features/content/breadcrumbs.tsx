import { Link } from 'react-router';
import type { LinkItem } from '@despensa/contracts';

/** Where the page sits: 'Inicio › … › current'. The last crumb is the page itself. */
export function Breadcrumbs({ trail, current }: { trail: LinkItem[]; current: string }) {
  return (
    <nav aria-label="Migas de pan" className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">Inicio</Link>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.url}>
            <Link to={crumb.url}>{crumb.title}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
