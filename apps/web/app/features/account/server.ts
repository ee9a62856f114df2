/** The public entry of account for other features' loaders and actions (server side). */
export {
  assertSameOrigin,
  clientAddressOf,
  endSession,
  profileOrNull,
  requireSession,
} from './account-server';
export { loginPageUrl } from './paths';
