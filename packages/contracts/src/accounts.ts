import { z } from 'zod';
import { typedName } from './common';
import { NAME_MAX_LENGTH } from './profile-fields';

/** Accounts: VTEX ID login (reference §5), the user (§3 user data) and the address book (§3 Address). */

// ---- VTEX ID ----

export const AUTH_STATUSES = [
  'Success',
  'WrongCredentials',
  'BlockedUser',
  'InvalidEmail',
  'InvalidToken',
] as const;
export const authStatus = z.enum(AUTH_STATUSES);
export type AuthStatus = z.infer<typeof authStatus>;

const authenticationToken = z.string().min(1).max(200);
const login = z.string().min(1).max(254);
const accessKey = z.string().min(1).max(20);

export const authenticationStart = z
  .object({
    authenticationToken: z.string(),
    oauthProviders: z.array(z.object({ providerName: z.string() })),
    showClassicAuthentication: z.boolean(),
    showAccessKeyAuthentication: z.boolean(),
    showPasskeyAuthentication: z.boolean(),
    isAuthenticated: z.boolean(),
    /** Seconds the token stays valid. */
    expiresIn: z.number().int(),
  })
  .meta({ id: 'AuthenticationStart' });
export type AuthenticationStart = z.infer<typeof authenticationStart>;

export const classicValidateBody = z.object({ authenticationToken, login, password: z.string().max(1000) });
export type ClassicValidateBody = z.infer<typeof classicValidateBody>;

export const setPasswordBody = z.object({
  authenticationToken,
  login,
  newPassword: z.string().max(1000),
  accessKey,
});
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

export const accessKeySendBody = z.object({
  authenticationToken,
  login: login.optional(),
  email: login.optional(),
});
export type AccessKeySendBody = z.infer<typeof accessKeySendBody>;

export const accessKeyValidateBody = z.object({ authenticationToken, login, accessKey });
export type AccessKeyValidateBody = z.infer<typeof accessKeyValidateBody>;

export const authResult = z
  .object({
    authStatus,
    promptMFA: z.boolean(),
    /** Failures left before the account is blocked (only on WrongCredentials). */
    lastAttemptAvailable: z.number().int().optional(),
    authCookie: z.object({ Name: z.string(), Value: z.string() }).optional(),
    /** Seconds the session lives. */
    expiresIn: z.number().int(),
    userId: z.string().optional(),
  })
  .meta({ id: 'AuthResult' });
export type AuthResult = z.infer<typeof authResult>;

/** What GET /api/user/vtex-auth/token answers for a live session. */
export const sessionInfo = z
  .object({
    userId: z.string(),
    email: z.string(),
    /** ISO time the session ends. */
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'SessionInfo' });
export type SessionInfo = z.infer<typeof sessionInfo>;

export const logoutResponse = z.object({ hadSession: z.boolean() });
export type LogoutResponse = z.infer<typeof logoutResponse>;

// ---- User ----

const name = typedName(z.string().trim().min(1).max(NAME_MAX_LENGTH));

export const registerUserBody = z
  .object({
    firstName: name,
    lastName: name,
    /** The RUT, with or without dots and dash; the check digit is verified. */
    document: z.string().max(20),
    email: z.string().max(254),
    homePhone: z.string().max(20),
    password: z.string().max(1000),
    /** The terms checkbox: must be true. */
    termsAccepted: z.literal(true),
  })
  .meta({ id: 'RegisterUser' });
export type RegisterUserBody = z.infer<typeof registerUserBody>;

export const updateUserBody = z
  .object({
    firstName: name,
    lastName: name,
    homePhone: z.string().max(20),
    /** The terms-update dialog's 'Acepto': the current terms are accepted now. */
    termsAccepted: z.literal(true),
  })
  .partial()
  .meta({ id: 'UpdateUser' });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const userProfileBody = z.object({ orderFormId: z.string().min(1).max(100).optional() });
export type UserProfileBody = z.infer<typeof userProfileBody>;

/** §3 user data. */
export const userProfile = z
  .object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    document: z.string(),
    homePhone: z.string(),
    gtmSegment: z.string(),
    clusterSearch: z.boolean(),
    clusterCencopay: z.boolean(),
    hasWallet: z.boolean(),
    cencoPay: z.object({ isLinked: z.boolean() }),
    CencoPrime_2020: z.boolean(),
    CencoPrime_CAT: z.boolean(),
    countOrder: z.number().int(),
    prime_invitation_date: z.string().nullable(),
    /** Loyalty points ('Tienes N'). */
    points: z.number().int(),
    /** The cart attached by POST /api/user/profile, if any. */
    orderFormId: z.string().nullable(),
    /** §6: the special account's own greeting label; null: 'Hola, {first name}'. */
    greeting: z.string().nullable(),
    /** When the customer last accepted the terms (legal agreements newer than this open the terms-update dialog). */
    termsAcceptedAt: z.string(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfile>;

export const registerDeviceBody = z.object({
  deviceId: z.string().min(1).max(200),
  token: z.string().min(1).max(4096),
  isMobile: z.boolean(),
  device: z.string().max(200),
});
export type RegisterDeviceBody = z.infer<typeof registerDeviceBody>;
export const registerDeviceAnswer = z.object({ registered: z.literal(true) });

// ---- Address book ----

const addressText = z.string().max(200);

/** POST /api/user/address and PUT /api/user/address/{addressId}: the §3 address plus authenticationToken. */
export const addressBody = z
  .object({
    authenticationToken: authenticationToken.optional(),
    /** Given by the client on create (VTEX style); generated when missing. */
    addressId: z.string().min(1).max(60).optional(),
    /** The label the pickers show; one containing '*' is hidden from options. */
    addressName: typedName(z.string().max(100)).optional(),
    addressType: z.literal('residential').default('residential'),
    receiverName: typedName(z.string().trim().min(1).max(120)),
    postalCode: z.string().max(20).default(''),
    /** The comuna. */
    city: z.string().trim().min(1).max(80),
    /** The region. */
    state: z.string().trim().min(1).max(80),
    country: z.literal('CHL').default('CHL'),
    street: z.string().trim().min(1).max(200),
    number: z.string().trim().max(20).default(''),
    neighborhood: addressText.default(''),
    complement: addressText.default(''),
    reference: addressText.default(''),
    /** [lng, lat]; filled by the geocoder when missing. */
    geoCoordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).optional(),
  })
  .meta({ id: 'AddressBody' });
export type AddressBody = z.input<typeof addressBody>;

export const address = z
  .object({
    addressId: z.string(),
    addressName: z.string(),
    addressType: z.literal('residential'),
    receiverName: z.string(),
    postalCode: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.literal('CHL'),
    street: z.string(),
    number: z.string(),
    neighborhood: z.string(),
    complement: z.string(),
    reference: z.string(),
    geoCoordinates: z.tuple([z.number(), z.number()]).nullable(),
    /** How precise the coordinates are: given by the client, or the comuna's centre. */
    geoPrecision: z.enum(['client', 'street', 'comuna', 'region', 'none']),
    /** §3 display line: street and number, complement, neighborhood, city, state. */
    displayLine: z.string(),
    /**
     * The label cut to 30 characters: addressName, else 'street number, comuna' with the street cut
     * first so the number and comuna stay.
     */
    label: z.string(),
    /** True until the address is confirmed with an access key (see verifyBlocked). */
    blocked: z.boolean(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof address>;

export const addressValidateBody = z.object({ accessKey, authenticationToken });
export type AddressValidateBody = z.infer<typeof addressValidateBody>;

export const verifyBlockedResponse = z.object({
  addressId: z.string(),
  blocked: z.boolean(),
  /** The masked e-mail the access key went to, when one was sent now. */
  sentTo: z.string().optional(),
});
export type VerifyBlockedResponse = z.infer<typeof verifyBlockedResponse>;

export const region = z.object({
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  romanNumeral: z.string(),
});
export type Region = z.infer<typeof region>;

export const comuna = z.object({
  code: z.string(),
  name: z.string(),
  regionCode: z.string(),
  /** [lng, lat] of the comuna's centre, or null when unknown. */
  geoCoordinates: z.tuple([z.number(), z.number()]).nullable(),
});
export type Comuna = z.infer<typeof comuna>;

/** §3 store operations: a state (a region) carries its name, its cities (the comunas) and its value (code). */
export const addressState = z
  .object({
    name: z.string(),
    value: z.string(),
    cities: z.array(z.object({ name: z.string(), value: z.string() })),
  })
  .meta({ id: 'AddressState' });
export type AddressState = z.infer<typeof addressState>;

/** The outcome of a login for in-process callers: the AuthResult and, on Success, the session token. */
export interface LoginOutcome {
  result: AuthResult;
  /** The raw session token (also in result.authCookie.Value); put it in the session cookie. */
  sessionToken?: string;
}
