/** The public entry of lists for other features' loaders and actions (server side). */
export { orLogOutHome, requireFeature } from './features-server';
