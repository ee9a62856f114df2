import { useState } from 'react';
import { Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { profileOrNull } from '../features/account/account-server';
import { awaitsPersistentCartAnswer, type AccountDialogName } from '../features/account/account-types';
import { AUTH_TITLES, AuthPanel } from '../features/account/auth-forms';
import { authAction } from '../features/account/auth-actions';
import { safeLocalPath } from '../features/account/paths';
import type { Route } from './+types/account-login-page';

/** /login-page?callback={path} (§2): a customer already logged in goes straight to the callback. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const callback = safeLocalPath(new URL(request.url).searchParams.get('callback'));
  if (await profileOrNull(context.services, request)) throw redirect(callback);
  return { brandName: context.services.brand.name };
}

/** Logged in but not yet answered the persistent-cart question: stay here (the loader would redirect). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return awaitsPersistentCartAnswer(actionResult) ? false : defaultShouldRevalidate;
}

/** Every login, registration and code form posts here; success goes to the callback. */
export function action({ request, context }: Route.ActionArgs) {
  return authAction(context.services, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Ingresa a tu cuenta | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const callback = safeLocalPath(params.get('callback'));
  const [mode, setMode] = useState<AccountDialogName>('login');
  return (
    <main className="account-page account-page--narrow container">
      <Link to="/" className="account-page__home">
        {loaderData.brandName}
      </Link>
      <h1 className="account-page__title">{AUTH_TITLES[mode]}</h1>
      <AuthPanel mode={mode} onMode={setMode} callback={callback} />
    </main>
  );
}
