declare const __APP_VERSION__: string | undefined;

/** The build's version (package version + build stamp, vite.config.ts), sent with analytics and error reports. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
