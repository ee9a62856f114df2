/** The types account shares with other features. */
export type { RootAccount } from './account-types';
