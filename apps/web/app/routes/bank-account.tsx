import { useCallback, useState } from 'react';
import { data } from 'react-router';
import { failureCodeOf, failureMessageOf } from '@despensa/contracts';
import { BANK_ACCOUNT_TYPE_NAMES } from '@despensa/domain';
import { assertSameOrigin, requireSession } from '../features/account/account-server';
import { BankAccountDialog, type BankAccountResult } from '../features/bank-account/bank-account-dialog';
import { orLogOutHome, requireFeature } from '../features/lists/features-server';
import '../features/lists/lists.css';
import type { Route } from './+types/bank-account';
import { DialogOpener } from '../ui/dialog';

/** /mi-cuenta-bancaria (§2, flag bankAccount): the account refunds of cancelled or short-picked orders go to. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  await requireFeature(services, 'bankAccount');
  const token = await requireSession(services, request);
  const account = await orLogOutHome(services, request, () => services.bankAccount.get(token));
  return { account, brandName: services.brand.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  await requireFeature(services, 'bankAccount');
  assertSameOrigin(request);
  const token = await requireSession(services, request);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '').trim();
  try {
    if (text('intent') === 'delete') {
      await orLogOutHome(services, request, () => services.bankAccount.remove(token));
      return { ok: true, message: 'Eliminamos tu cuenta bancaria' } satisfies BankAccountResult;
    }
    await orLogOutHome(services, request, () =>
      services.bankAccount.save(token, {
        holderName: text('holderName'),
        holderRut: text('holderRut'),
        bank: text('bank') as never,
        accountType: Number(text('accountType')) as never,
        accountNumber: text('accountNumber'),
      }),
    );
    return { ok: true, message: 'Guardamos tu cuenta bancaria' } satisfies BankAccountResult;
  } catch (error) {
    const code = failureCodeOf(error);
    if (error instanceof Response || !code || code === 'internal') throw error;
    return data(
      {
        ok: false,
        error: code === 'invalidInput' ? 'Revisa los datos de la cuenta.' : failureMessageOf(error),
        ...(code === 'invalidRut' ? { field: 'holderRut' } : {}),
      } satisfies BankAccountResult,
      { status: 400 },
    );
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Mi cuenta bancaria | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function BankAccountPage({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <main className="account-page container">
      <h1 className="account-page__title">Mi cuenta bancaria</h1>
      <p>Usaremos esta cuenta para devolverte el dinero de pedidos cancelados o con productos faltantes.</p>
      {account ? (
        <dl className="bank-account">
          <dt>Titular</dt>
          <dd>
            {account.holderName} ({account.holderRut})
          </dd>
          <dt>Banco</dt>
          <dd>{account.bank}</dd>
          <dt>Tipo de cuenta</dt>
          <dd>{BANK_ACCOUNT_TYPE_NAMES[account.accountType]}</dd>
          <dt>Número de cuenta</dt>
          <dd>terminada en {account.accountNumberLast4}</dd>
        </dl>
      ) : (
        <p>Aún no registras una cuenta bancaria.</p>
      )}
      <DialogOpener onOpen={() => setOpen(true)}>
        {account ? 'Cambiar cuenta bancaria' : 'Agregar cuenta bancaria'}
      </DialogOpener>
      <BankAccountDialog account={account} open={open} onClose={close} />
    </main>
  );
}
