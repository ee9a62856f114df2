/**
 * The staff's roles and what each may do in the console and the back office: operators pick their
 * store's orders, merchandisers read the shop's analytics, a store manager runs its store's details and
 * delivery windows, support looks after orders and customers, an admin does everything.
 */
export const STAFF_ROLES = ['operator', 'merchandiser', 'storeManager', 'support', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** 'backOffice': the /admin pages (each section checks its own role again). */
export type StaffDuty = 'picking' | 'analytics' | 'backOffice';

const DUTIES: Record<StaffRole, readonly StaffDuty[]> = {
  operator: ['picking'],
  merchandiser: ['analytics', 'backOffice'],
  storeManager: ['backOffice'],
  support: ['backOffice'],
  admin: ['picking', 'analytics', 'backOffice'],
};

export function staffMay(role: StaffRole, duty: StaffDuty): boolean {
  return DUTIES[role].includes(duty);
}

/** Where a staff member lands after logging in: the first of its duties' pages. */
export function staffHomeDuty(role: StaffRole): StaffDuty {
  return DUTIES[role][0]!;
}

/** The administrator manages the back office itself: staff, integration keys, the chain's settings. */
export function staffAdministers(role: StaffRole): boolean {
  return role === 'admin';
}

/**
 * Who helps customers in the back office (find an order, its timeline, refund a line, resend the
 * confirmation): the one check every support route makes, so a new role joins here in one line.
 */
export function staffSupports(role: StaffRole): boolean {
  return role === 'support' || role === 'admin';
}

/** Who runs the shop's offer in the back office (promotions, their preview): merchandisers and the admin. */
export function staffMerchandises(role: StaffRole): boolean {
  return role === 'merchandiser' || role === 'admin';
}

/** Who runs stores and their delivery windows: a store manager (its own store only) and the admin. */
export function staffRunsStores(role: StaffRole): boolean {
  return role === 'storeManager' || role === 'admin';
}

/**
 * Whether a staff member may change this store: the admin any store, a store manager only its own.
 * (A role that does not run stores at all is refused before this is asked.)
 */
export function staffMayRunStore(staff: { role: StaffRole; storeId: string }, storeId: string): boolean {
  return staff.role === 'admin' || (staff.role === 'storeManager' && staff.storeId === storeId);
}

/** The roles' names as the back office shows them. */
export const STAFF_ROLE_NAMES: Record<StaffRole, string> = {
  operator: 'Operador',
  merchandiser: 'Comercial',
  storeManager: 'Jefe de tienda',
  support: 'Atención al cliente',
  admin: 'Administrador',
};
