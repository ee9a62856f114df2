/**
 * The staff's roles and what each may do in the console: operators pick their store's orders,
 * merchandisers read the shop's analytics, an admin does both.
 */
export const STAFF_ROLES = ['operator', 'merchandiser', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export type StaffDuty = 'picking' | 'analytics';

const DUTIES: Record<StaffRole, readonly StaffDuty[]> = {
  operator: ['picking'],
  merchandiser: ['analytics'],
  admin: ['picking', 'analytics'],
};

export function staffMay(role: StaffRole, duty: StaffDuty): boolean {
  return DUTIES[role].includes(duty);
}

/** Where a staff member lands after logging in: the first of its duties' pages. */
export function staffHomeDuty(role: StaffRole): StaffDuty {
  return DUTIES[role][0]!;
}
