import type { StorefrontServices } from '@despensa/contracts';
import type { LngLat } from '@despensa/domain';
import { deliveryChoiceFromCookie } from './choice-cookie';
import { addressBookOf } from './delivery-server';
import { DEFAULT_ORIGIN } from './distance';

/**
 * Where distances are measured from: the chosen delivery address when the shopper has one (home
 * delivery, express), else the §9 default Santiago point.
 */
export async function shopperOrigin(
  services: StorefrontServices,
  request: Request,
): Promise<{ point: LngLat; addressLabel: string | null }> {
  const choice = deliveryChoiceFromCookie(request.headers.get('cookie'));
  if (choice?.addressId) {
    const book = await addressBookOf(services, request);
    const address = book?.find((entry) => entry.addressId === choice.addressId);
    if (address?.geoCoordinates) {
      return { point: address.geoCoordinates, addressLabel: address.label };
    }
  }
  return { point: DEFAULT_ORIGIN, addressLabel: null };
}
