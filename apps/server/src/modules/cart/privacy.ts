import { maskDocument, maskEmail, maskName, maskPhone } from '@despensa/domain';
import type { CartViewer, OrderForm, OrderInfo } from '@despensa/contracts';

/**
 * Who may see a cart whole and change it: its customer once it has one, else the client holding it (its
 * cart cookie names it). Knowing an orderFormId is not being its owner: ids travel in URLs, logs and
 * shared links.
 */
export function isOwnerOf(cart: { id: string; userId: string | null }, viewer: CartViewer): boolean {
  return cart.userId === null ? viewer.heldOrderFormId === cart.id : cart.userId === viewer.customerId;
}

/** Address fields that say roughly where, never where exactly (no number, no coordinates). */
const AREA_FIELDS = ['addressType', 'postalCode', 'neighborhood', 'city', 'state', 'country'];

function maskedAddress(address: unknown): Record<string, unknown> | null {
  if (address === null || typeof address !== 'object') return null;
  const source = address as Record<string, unknown>;
  const masked: Record<string, unknown> = {};
  for (const field of AREA_FIELDS) if (field in source) masked[field] = source[field];
  for (const field of ['street', 'receiverName']) {
    if (typeof source[field] === 'string') masked[field] = maskName(source[field]);
  }
  return masked;
}

/**
 * The orderForm as someone who is not its customer sees it: items and totals as they are, the customer's
 * profile and addresses masked, nothing editable. A new object: the owner's rendered copy (shared and
 * cached) is left untouched, and its items are reused as they are.
 */
export function maskedOrderForm(form: OrderForm): OrderForm {
  const profile = form.clientProfileData;
  return {
    ...form,
    canEditData: false,
    clientProfileData: profile && {
      ...profile,
      email: maskEmail(profile.email),
      firstName: profile.firstName === null ? null : maskName(profile.firstName),
      lastName: profile.lastName === null ? null : maskName(profile.lastName),
      document: profile.document === null ? null : maskDocument(profile.document),
      phone: profile.phone === null ? null : maskPhone(profile.phone),
    },
    shippingData: {
      ...form.shippingData,
      address: maskedAddress(form.shippingData.address),
      selectedAddresses: form.shippingData.selectedAddresses.map(maskedAddress),
      availableAddresses: form.shippingData.availableAddresses.map(maskedAddress),
    },
  };
}

/** Order info for someone who is not the cart's customer: the receiver masked. */
export function maskedOrderInfo(info: OrderInfo): OrderInfo {
  const receiver = info.receiverData;
  return {
    ...info,
    receiverData: receiver && {
      name: maskName(receiver.name),
      ...(receiver.phone !== undefined ? { phone: maskPhone(receiver.phone) } : {}),
    },
  };
}
