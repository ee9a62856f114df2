/** The types delivery shares with other features. */
export type { ChosenWindow } from './delivery-server';
