import type { AuditLogEntry } from '@despensa/contracts';
import { actionLabel, actorLabel, formatStamp } from './admin-format';
import { ColumnHeads } from '../../ui/column-heads';

/** A change's before or after as it was stored (JSON), or a dash when there was none. */
function Snapshot({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span aria-label="Nada">—</span>;
  return <pre className="admin-change">{JSON.stringify(value, null, 2)}</pre>;
}

/** The audit log, newest first: who, when, what, and the subject before and after. */
export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  if (entries.length === 0) return <p>No hay cambios registrados.</p>;
  return (
    <table className="console-table">
      <caption className="visually-hidden">Cambios, del más reciente al más antiguo</caption>
      <ColumnHeads columns={['Cuándo', 'Quién', 'Qué', 'Sobre', 'Antes', 'Después']} />
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <th scope="row">
              <time dateTime={entry.at}>{formatStamp(entry.at)}</time>
            </th>
            <td>{actorLabel(entry.actor)}</td>
            <td>{actionLabel(entry.action)}</td>
            <td>
              <code>{entry.subject}</code>
            </td>
            <td>
              <Snapshot value={entry.before} />
            </td>
            <td>
              <Snapshot value={entry.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
