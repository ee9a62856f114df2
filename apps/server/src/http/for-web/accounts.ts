import type { StorefrontServices } from '@despensa/contracts';
import type { Registration } from '../../flows/register';
import type { AddressService } from '../../modules/address/service';
import { signedInUser, type AuthService } from '../../modules/auth/service';
import type { UserService } from '../../modules/user/service';

/** What the web's loaders and actions get (contracts' `accounts`): the modules' services behind a session token. */
export function accountsForWeb(
  auth: AuthService,
  users: UserService,
  addresses: AddressService,
  registration: Registration,
): StorefrontServices['accounts'] {
  const userOf = signedInUser(auth);
  return {
    session: async (token) => {
      const session = await auth.session(token);
      return session
        ? {
            userId: session.userId,
            email: session.login,
            createdAt: session.createdAt.toISOString(),
            expiresAt: session.expiresAt.toISOString(),
          }
        : null;
    },
    login: (login, password, clientAddress, deviceToken) =>
      auth.passwordLogin(login, password, clientAddress, deviceToken),
    logout: (token) => auth.logout(token),
    register: (body) => registration.register(body),
    // The storefront hands only the cart its cookie names, or one it has just created: the one it holds.
    profile: async (token, orderFormId) =>
      users.profile(
        await userOf(token),
        orderFormId === undefined ? undefined : { orderFormId, heldOrderFormId: orderFormId },
      ),
    updateProfile: async (token, body) => users.update(await userOf(token), body),
    addresses: async (token) => addresses.list(await userOf(token)),
    saveAddress: async (token, body, addressId) => addresses.save(await userOf(token), body, addressId),
    deleteAddress: async (token, addressId) => addresses.remove(await userOf(token), addressId),
    registerAndLogin: (body) => registration.registerAndLogin(body),
    verifyBlocked: async (token, addressId, brandName) =>
      addresses.verifyBlocked(await userOf(token), addressId, brandName),
    validateAddress: async (token, addressId, accessKey) => {
      const userId = await userOf(token);
      const { authenticationToken } = await auth.start();
      return addresses.validate(userId, addressId, accessKey, authenticationToken);
    },
    sendAccessKey: async (login, clientAddress, brandName) => {
      const { authenticationToken } = await auth.start();
      return auth.sendAccessKey({ authenticationToken, login }, clientAddress, brandName);
    },
    loginWithAccessKey: async (login, accessKey, clientAddress, deviceToken) => {
      const { authenticationToken } = await auth.start();
      return auth.validateAccessKey({ authenticationToken, login, accessKey }, clientAddress, deviceToken);
    },
    setPassword: async (login, accessKey, newPassword, clientAddress) => {
      const { authenticationToken } = await auth.start();
      return auth.setPassword({ authenticationToken, login, accessKey, newPassword }, clientAddress);
    },
  };
}
