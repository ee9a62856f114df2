/** The public entry of account for other features: what they may render or call in the browser. */
export { useAccount, useAccountAction } from './account-context';
export { AddressDialog } from './address-dialog';
export { takeLoggedInMark } from './logged-in-mark';
export { rememberPreviewedComuna } from './previewed-comuna';
export { RegionComunaFields, useRegionPicker } from './region-comuna-fields';
