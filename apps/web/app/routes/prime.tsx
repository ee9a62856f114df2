import { useCallback, useState } from 'react';
import { Form, useActionData } from 'react-router';
import { PRIME_PLAN, formatCLP } from '@despensa/domain';
import { PrimeDialog } from '../features/prime/prime-dialog';
import { primeAction, primeLoader } from '../features/prime/prime-server';
import { formatDate } from '../lib/format';
import '../features/lists/lists.css';
import '../features/prime/prime.css';
import type { Route } from './+types/prime';
import { DialogOpener } from '../ui/dialog';

/** /mi-cuenta/prime (§2 Prime account page, flag prime): the membership, joining and cancelling. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await primeLoader(context.services, request)), brandName: context.services.brand.name };
}

export function action({ request, context }: Route.ActionArgs) {
  return primeAction(context.services, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Prime | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function PrimePage({ loaderData }: Route.ComponentProps) {
  const { membership, cards } = loaderData;
  const answer = useActionData<typeof action>();
  const [joining, setJoining] = useState(false);
  const close = useCallback(() => setJoining(false), []);
  return (
    <main className="account-page container prime-page">
      <h1 className="account-page__title">Prime</h1>
      {answer && (
        <p role={answer.ok ? 'status' : 'alert'} className="list-page__status">
          {answer.ok ? answer.message : answer.error}
        </p>
      )}
      <ul className="prime-benefits">
        {membership.benefits.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      {membership.member && membership.periodEnd ? (
        <>
          <p>
            {membership.status === 'active'
              ? `Eres Prime. Tu membresía se renueva el ${formatDate(membership.periodEnd)} con tu tarjeta terminada en ${membership.cardLast4}.`
              : `Cancelaste Prime: sigues siendo Prime hasta el ${formatDate(membership.periodEnd)}.`}
          </p>
          {membership.status === 'active' && (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className="button button--secondary">
                Cancelar Prime
              </button>
            </Form>
          )}
        </>
      ) : (
        <>
          <p>Hazte Prime por {formatCLP(PRIME_PLAN.monthlyPrice)} al mes, pagado con tu tarjeta guardada.</p>
          <DialogOpener onOpen={() => setJoining(true)}>Quiero ser Prime</DialogOpener>
          <PrimeDialog open={joining} onClose={close} cards={cards} />
        </>
      )}
    </main>
  );
}
