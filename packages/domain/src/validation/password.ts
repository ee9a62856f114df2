/** Password rules for registration and password changes (the spec names none; these are the shop's). */

export const PASSWORD_MIN_LENGTH = 8;
/** An upper bound keeps a hash request cheap to refuse (scrypt cost grows with input only slightly). */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_INVALID_MESSAGE = `La clave debe tener entre ${PASSWORD_MIN_LENGTH} y ${PASSWORD_MAX_LENGTH} caracteres, con letras y números`;

/** 8 to 128 characters with at least one letter and one digit. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\p{L}/u.test(password) &&
    /\d/.test(password)
  );
}
