import { RUT_MAX_INPUT_LENGTH } from '@despensa/domain';

// No zod here: the forms that use these run in the browser, and zod's schemas would come with them (~25 KB).
export const NAME_MAX_LENGTH = 60;

/**
 * The shopper's personal data as every form asks for it (registration, /mis-datos, checkout's step 2): one
 * label, autofill hint and length per field, so the forms cannot drift apart. Each form names its inputs.
 */
export const PROFILE_FIELDS = {
  firstName: { label: 'Nombre', autoComplete: 'given-name', maxLength: NAME_MAX_LENGTH },
  lastName: { label: 'Apellido', autoComplete: 'family-name', maxLength: NAME_MAX_LENGTH },
  document: { label: 'RUT', maxLength: RUT_MAX_INPUT_LENGTH },
  email: { label: 'Correo electrónico' },
  phone: { label: 'Teléfono', type: 'tel', autoComplete: 'tel', maxLength: 16 },
} as const;
