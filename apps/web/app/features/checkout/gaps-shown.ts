import { cleanContactPhone, formatRut, isValidRut, type CartGap } from '@despensa/domain';

/**
 * The gaps a step's notice names: those its form shows blank or invalid. A field filled in from the account
 * or the address (not yet saved on the cart, §5 still counts it missing) is confirmed with the step's
 * button, so 'Falta completar: RUT' beside a filled RUT would tell the shopper something untrue.
 */
export function gapsShown(
  gaps: readonly CartGap[],
  shown: { receiverName: string; profile: { email: string; document: string; phone: string } },
): CartGap[] {
  const filled: Partial<Record<CartGap, boolean>> = {
    receiverName: shown.receiverName.trim() !== '',
    document: isValidRut(formatRut(shown.profile.document)),
    email: shown.profile.email.trim() !== '',
    phone: cleanContactPhone(shown.profile.phone) !== null,
  };
  return gaps.filter((gap) => !filled[gap]);
}
