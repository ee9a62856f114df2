/** The public entry of operations for other features' loaders and actions (server side). */
export { CONSOLE_LOGIN_PATH, staffTokenOf } from './staff-server';
