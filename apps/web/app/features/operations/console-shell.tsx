import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { staffMay } from '@despensa/domain';
import type { StaffMember } from '@despensa/contracts';
import './operations.css';

/**
 * The staff's frame (the console and the back office): no shop header, footer or cart; its title, its
 * menu for a signed-in member, who is working and the logout.
 */
export function StaffFrame({
  staff,
  title,
  menu,
  children,
}: {
  staff: StaffMember | null;
  title: ReactNode;
  menu: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="console">
      <header className="console__header">
        <p className="console__title">{title}</p>
        {staff ? menu : null}
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

/** The console's own layout: who is working and for which store. */
export function ConsoleShell({ staff, children }: { staff: StaffMember | null; children: ReactNode }) {
  return (
    <StaffFrame
      staff={staff}
      title={
        <>
          <Link to="/operaciones">Operaciones</Link>
          {staff ? ` · ${staff.storeName}` : null}
        </>
      }
      menu={
        staff && staffMay(staff.role, 'picking') && staffMay(staff.role, 'analytics') ? (
          <nav aria-label="Consola">
            <Link to="/operaciones">Pedidos</Link> · <Link to="/operaciones/analitica">Analítica</Link>
          </nav>
        ) : null
      }
    >
      {children}
    </StaffFrame>
  );
}
