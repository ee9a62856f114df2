import { z } from 'zod';
import { STAFF_ROLES } from '@despensa/domain';
import { staffMember } from './operations';

/** The back office's stores, delivery windows, coverage zones and staff accounts (/api/admin, issue 30). */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

/** A day's hours; `day` is ISO's weekday, 1 (Monday) to 7 (Sunday). */
export const openingHoursEntry = z
  .object({ day: z.number().int().min(1).max(7), opens: hhmm, closes: hhmm })
  .refine((entry) => entry.opens < entry.closes, { message: 'opens before it closes', path: ['closes'] });

/** A store as the back office edits it: its services, Click al Auto bays and opening hours. */
export const adminStore = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  comuna: z.string(),
  region: z.string(),
  salesChannel: z.number().int(),
  /** [lng, lat] */
  geoCoordinates: z.tuple([z.number(), z.number()]),
  pickup: z.boolean(),
  car: z.boolean(),
  express: z.boolean(),
  /** Click al Auto bays (parking places where the order is brought to the car). */
  carBays: z.number().int(),
  openingHours: z.array(openingHoursEntry),
});
export type AdminStore = z.infer<typeof adminStore>;

export const adminStoreChange = z.object({
  pickup: z.boolean(),
  car: z.boolean(),
  express: z.boolean(),
  carBays: z.number().int().min(0).max(50),
  openingHours: z
    .array(openingHoursEntry)
    .max(7)
    .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'one entry per day'),
});
export type AdminStoreChange = z.infer<typeof adminStoreChange>;

/** A store's delivery window as the back office sees it: places held or taken, and whether it is closed. */
export const adminWindow = z.object({
  id: z.number().int(),
  storeId: z.string(),
  startDateUtc: z.string(),
  endDateUtc: z.string(),
  capacity: z.number().int(),
  /** Places held by carts or taken by orders (expired holds not counted). */
  held: z.number().int(),
  /** A closed window is not offered to shoppers; what it already holds stays. */
  closed: z.boolean(),
});
export type AdminWindow = z.infer<typeof adminWindow>;

export const adminWindowChange = z
  .object({ capacity: z.number().int().min(0).max(1000).optional(), closed: z.boolean().optional() })
  .refine((change) => change.capacity !== undefined || change.closed !== undefined, 'capacity or closed');
export type AdminWindowChange = z.infer<typeof adminWindowChange>;

/** [lng, lat], read-only as the domain's LngLat. */
const lngLat = z.tuple([z.number(), z.number()]).readonly();

export const coverageZoneView = z.object({
  id: z.string(),
  /** 'delivery': where the store's channel delivers; 'exclusion': cut out of it. */
  kind: z.enum(['delivery', 'exclusion']),
  salesChannel: z.number().int().nullable(),
  name: z.string(),
  /** GeoJSON Polygon rings of [lng, lat]. */
  rings: z.array(z.array(lngLat)),
});
export type CoverageZoneView = z.infer<typeof coverageZoneView>;

export const coverageZoneBody = z.object({
  kind: z.enum(['delivery', 'exclusion']),
  name: z.string().trim().min(1).max(120),
  rings: z.array(z.array(lngLat).max(500)).min(1).max(10),
});
export type CoverageZoneBody = z.infer<typeof coverageZoneBody>;

/** A staff account as the back office lists it: the staff member, and whether they may still log in. */
export const staffAccount = staffMember.extend({ active: z.boolean() });
export type StaffAccount = z.infer<typeof staffAccount>;

export const staffAccountBody = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().email().max(200),
  password: z.string().min(10).max(200),
  role: z.enum(STAFF_ROLES),
  storeId: z.string().min(1).max(60),
});
export type StaffAccountBody = z.infer<typeof staffAccountBody>;

export const staffAccountChange = z
  .object({
    role: z.enum(STAFF_ROLES).optional(),
    storeId: z.string().min(1).max(60).optional(),
    active: z.boolean().optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'nothing to change');
export type StaffAccountChange = z.infer<typeof staffAccountChange>;
