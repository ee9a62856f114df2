/** The public entry of orders for other features: what they may render or call in the browser. */
export { ChatLog } from './chat-log';
