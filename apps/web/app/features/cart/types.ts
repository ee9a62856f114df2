/** The types cart shares with other features. */
export type { CartActionResult, CartIntent } from './cart-intents';
export type { PersistentCartQuestion } from './persistent-cart-question';
