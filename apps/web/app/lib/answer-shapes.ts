/**
 * The contracts' zod shapes of the answers the browser reads from /api, by name. The API client loads this
 * module (and zod with it) on its first call, so the shapes are not in every page's first JavaScript.
 */
import {
  chatAnswer,
  chatMessage,
  chatNotification,
  comuna,
  fulfilment,
  lastOrderItems,
  newsletterSubscriptionResponse,
  offerFeedJob,
  popularSearchesResponse,
  pushPublicKeyAnswer,
  region,
  registerDeviceAnswer,
  replacementOptions,
  sessionInfo,
  suggestionsResponse,
  walletCard,
  walletCharge,
} from '@despensa/contracts';

export const answerShapes = {
  chatAnswer,
  chatMessage,
  chatNotification,
  comunas: comuna.array(),
  fulfilment,
  lastOrderItems,
  newsletterSubscription: newsletterSubscriptionResponse,
  offerFeedJob,
  popularSearches: popularSearchesResponse,
  pushPublicKey: pushPublicKeyAnswer,
  regions: region.array(),
  registerDevice: registerDeviceAnswer,
  replacementOptions,
  sessionInfo,
  suggestions: suggestionsResponse,
  walletCards: walletCard.array(),
  walletCharge,
};
