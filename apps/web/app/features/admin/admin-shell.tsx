import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import {
  staffAdministers,
  staffMerchandises,
  staffRunsStores,
  staffSupports,
  type StaffRole,
} from '@despensa/domain';
import type { StaffMember } from '@despensa/contracts';
import { StaffFrame } from '../operations';
import './admin.css';

const anyRole = () => true;

/** The back office's pages, in the order its menu lists them, and the roles that open each. */
export const ADMIN_PAGES: { to: string; label: string; end: boolean; may: (role: StaffRole) => boolean }[] = [
  { to: '/admin', label: 'Inicio', end: true, may: anyRole },
  { to: '/admin/catalogo', label: 'Catálogo', end: false, may: staffMerchandises },
  { to: '/admin/busquedas-populares', label: 'Búsquedas populares', end: false, may: staffMerchandises },
  { to: '/admin/promociones', label: 'Promociones', end: false, may: staffMerchandises },
  { to: '/admin/cupones', label: 'Cupones', end: false, may: staffMerchandises },
  { to: '/admin/ofertas', label: 'Carga de ofertas', end: false, may: staffMerchandises },
  { to: '/admin/contenido', label: 'Contenido', end: false, may: staffMerchandises },
  { to: '/admin/tiendas', label: 'Tiendas', end: false, may: staffRunsStores },
  { to: '/admin/pedidos', label: 'Pedidos y clientes', end: false, may: staffSupports },
  { to: '/admin/claves', label: 'Claves de integración', end: false, may: staffAdministers },
  { to: '/admin/precios', label: 'Precios', end: false, may: staffAdministers },
  { to: '/admin/personal', label: 'Personal', end: false, may: staffAdministers },
  { to: '/admin/funciones', label: 'Funciones', end: false, may: staffAdministers },
  { to: '/admin/registro', label: 'Registro de cambios', end: false, may: staffAdministers },
];

/** The pages a role opens, the start page aside: the menu lists them, and none keeps the role out. */
export const adminPagesFor = (role: StaffRole) =>
  ADMIN_PAGES.filter((page) => page.to !== '/admin' && page.may(role));

/** The back office's layout: the staff console's frame with its own menu. */
export function AdminShell({ staff, children }: { staff: StaffMember | null; children: ReactNode }) {
  return (
    <StaffFrame
      staff={staff}
      title="Administración"
      menu={
        <nav aria-label="Administración">
          <ul className="admin-menu">
            {ADMIN_PAGES.filter((page) => staff && page.may(staff.role)).map((page) => (
              <li key={page.to}>
                <NavLink to={page.to} end={page.end}>
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      }
    >
      {children}
    </StaffFrame>
  );
}
