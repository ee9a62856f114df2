/** The public entry of platform for other features' loaders and actions (server side). */
export { isBotRequest } from './bots';
