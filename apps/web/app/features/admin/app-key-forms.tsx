import { Form } from 'react-router';
import { INTEGRATION_SCOPES, type AppKeyView } from '@despensa/contracts';
import { SCOPE_LABELS, formatStamp } from './admin-format';
import { PostButton } from '../../ui/post-button';
import { ColumnHeads } from '../../ui/column-heads';

/** A new key's form: a label and its scopes (what the ERP may change or read). */
export function CreateAppKeyForm({ busy }: { busy: boolean }) {
  return (
    <Form method="post" className="console-card admin-form" aria-labelledby="new-key">
      <h2 id="new-key">Nueva clave</h2>
      <input type="hidden" name="intent" value="create" />
      <label>
        Nombre de la integración
        <input type="text" name="label" required maxLength={100} autoComplete="off" />
      </label>
      <fieldset>
        <legend>Permisos</legend>
        {INTEGRATION_SCOPES.map((scope) => (
          <label key={scope}>
            <input type="checkbox" name="scopes" value={scope} />
            {SCOPE_LABELS[scope]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy}>
        Crear clave
      </button>
    </Form>
  );
}

/** The token of the key just created: the only time anyone sees it (the shop keeps its hash). */
export function NewTokenNotice({ created }: { created: AppKeyView & { appToken: string } }) {
  return (
    <section className="console-card admin-notice" role="status" aria-labelledby="new-token">
      <h2 id="new-token">Clave «{created.label}» creada</h2>
      <p>Copia el token ahora: no se volverá a mostrar.</p>
      <p>
        App key: <code className="admin-token">{created.appKey}</code>
      </p>
      <p>
        Token: <code className="admin-token">{created.appToken}</code>
      </p>
    </section>
  );
}

/** Every key with its scopes and state; a live one can be revoked (its next call is refused). */
export function AppKeyTable({ keys, busy }: { keys: AppKeyView[]; busy: boolean }) {
  if (keys.length === 0) return <p>Aún no hay claves de integración.</p>;
  return (
    <table className="console-table">
      <caption className="visually-hidden">Claves de integración</caption>
      <ColumnHeads columns={['Nombre', 'App key', 'Permisos', 'Creada', 'Estado']} />
      <tbody>
        {keys.map((key) => (
          <tr key={key.appKey}>
            <th scope="row">{key.label}</th>
            <td>
              <code>{key.appKey}</code>
            </td>
            <td>{key.scopes.map((scope) => SCOPE_LABELS[scope]).join(', ')}</td>
            <td>{formatStamp(key.createdAt)}</td>
            <td>
              {key.revokedAt ? (
                `Revocada el ${formatStamp(key.revokedAt)}`
              ) : (
                <PostButton
                  fields={{ intent: 'revoke', appKey: key.appKey }}
                  label={`Revocar la clave ${key.label}`}
                  busy={busy}
                >
                  Revocar
                </PostButton>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
