import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { staffMay } from '@despensa/domain';
import type { StaffMember } from '@despensa/contracts';
import './operations.css';

/** The console's own layout: no shop header, footer or cart; who is working and for which store. */
export function ConsoleShell({ staff, children }: { staff: StaffMember | null; children: ReactNode }) {
  return (
    <div className="console">
      <header className="console__header">
        <p className="console__title">
          <Link to="/operaciones">Operaciones</Link>
          {staff ? ` · ${staff.storeName}` : null}
        </p>
        {staff && staffMay(staff.role, 'picking') && staffMay(staff.role, 'analytics') ? (
          <nav aria-label="Consola">
            <Link to="/operaciones">Pedidos</Link> · <Link to="/operaciones/analitica">Analítica</Link>
          </nav>
        ) : null}
        {staff ? (
          <Form method="post" action="/operaciones/salir">
            <span>{staff.name} </span>
            <button type="submit" className="button button--secondary">
              Cerrar sesión
            </button>
          </Form>
        ) : null}
      </header>
      <main className="console__main">{children}</main>
    </div>
  );
}
