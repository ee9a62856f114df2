/** The public entry of catalog for other features' loaders and actions (server side). */
export { notFound, productsOfSkusInChunks, salesChannelOf } from './loader-helpers';
