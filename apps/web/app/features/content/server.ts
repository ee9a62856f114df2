/** The public entry of content for other features' loaders and actions (server side). */
export { loadDocument } from './load-document';
