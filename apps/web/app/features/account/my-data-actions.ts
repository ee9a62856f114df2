import { data, redirect } from 'react-router';
import { failureCodeOf, failureMessageOf, type StorefrontServices } from '@despensa/contracts';
import {
  cleanContactPhone,
  FIRST_NAME_REQUIRED_MESSAGE,
  LAST_NAME_REQUIRED_MESSAGE,
  PHONE_INVALID_MESSAGE,
} from '@despensa/domain';
import { assertSameOrigin, requireSession } from './account-server';
import type { AccountActionResult } from './account-types';
import { MY_DATA_PATH, loginPageUrl } from './paths';

export const PROFILE_SAVED_MESSAGE = 'Tus datos se guardaron correctamente';
export const ADDRESS_SAVED_MESSAGE = 'Dirección guardada';
export const ADDRESS_DELETED_MESSAGE = 'Dirección eliminada';
const ADDRESS_INVALID_MESSAGE = 'Completa la región, la comuna, la calle y quién recibe';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

const fail = (intent: string, error: string, field?: string, status = 400) =>
  data<AccountActionResult>({ ok: false, intent, error, field }, { status });

/** /mis-datos: personal data and the address book, each change through the accounts service. */
export async function myDataAction(services: StorefrontServices, request: Request) {
  assertSameOrigin(request);
  const token = await requireSession(services, request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const { accounts } = services;
  try {
    switch (intent) {
      case 'update-profile': {
        const firstName = text(form, 'firstName');
        const lastName = text(form, 'lastName');
        const homePhone = text(form, 'homePhone');
        if (!firstName) return fail(intent, FIRST_NAME_REQUIRED_MESSAGE, 'firstName');
        if (!lastName) return fail(intent, LAST_NAME_REQUIRED_MESSAGE, 'lastName');
        if (cleanContactPhone(homePhone) === null) return fail(intent, PHONE_INVALID_MESSAGE, 'homePhone');
        await accounts.updateProfile(token, { firstName, lastName, homePhone });
        return data<AccountActionResult>({ ok: true, intent, message: PROFILE_SAVED_MESSAGE });
      }
      case 'save-address': {
        const body = {
          receiverName: text(form, 'receiverName'),
          city: text(form, 'city'),
          state: text(form, 'state'),
          street: text(form, 'street'),
          number: text(form, 'number'),
          complement: text(form, 'complement'),
          reference: text(form, 'reference'),
        };
        if (!body.receiverName || !body.city || !body.state || !body.street) {
          return fail(intent, ADDRESS_INVALID_MESSAGE);
        }
        const addressId = text(form, 'addressId');
        const saved = await accounts.saveAddress(token, body, addressId || undefined);
        return data<AccountActionResult>({
          ok: true,
          intent: 'save-address',
          message: ADDRESS_SAVED_MESSAGE,
          addressId: saved.addressId,
        });
      }
      case 'delete-address':
        await accounts.deleteAddress(token, text(form, 'addressId'));
        return data<AccountActionResult>({ ok: true, intent, message: ADDRESS_DELETED_MESSAGE });
      default:
        return fail(intent, 'Solicitud no válida');
    }
  } catch (error) {
    // Too-long fields come back from the service's schema as a ZodError.
    if (error instanceof Error && error.name === 'ZodError')
      return fail(intent, 'Revisa los datos ingresados');
    const code = failureCodeOf(error);
    if (code === 'notLoggedIn') throw redirect(loginPageUrl(MY_DATA_PATH));
    if (!code) throw error;
    const field = (error as { field?: unknown }).field;
    return fail(intent, failureMessageOf(error), typeof field === 'string' ? field : undefined);
  }
}
