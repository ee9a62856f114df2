import { ORDER_FORM_ID_LENGTH_THRESHOLD } from '../constants';

/** §4: a stored orderFormId loads its cart only if longer than 15 characters. */
export function isValidOrderFormId(id: string | null | undefined): id is string {
  return typeof id === 'string' && id.length > ORDER_FORM_ID_LENGTH_THRESHOLD;
}
