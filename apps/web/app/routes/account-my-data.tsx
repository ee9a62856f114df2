import { requireSession } from '../features/account/account-server';
import { AddressBook } from '../features/account/address-book';
import { myDataAction } from '../features/account/my-data-actions';
import { ProfileForm } from '../features/account/profile-form';
import type { Route } from './+types/account-my-data';

/** /mis-datos (§2): a private page; personal data and the address book. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { accounts, brand } = context.services;
  const token = await requireSession(context.services, request);
  const [profile, addresses] = await Promise.all([accounts.profile(token), accounts.addresses(token)]);
  return { profile, addresses, brandName: brand.name };
}

export function action({ request, context }: Route.ActionArgs) {
  return myDataAction(context.services, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Mis datos | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function MyData({ loaderData }: Route.ComponentProps) {
  return (
    <main className="account-page container">
      <h1 className="account-page__title">Mis datos</h1>
      <ProfileForm profile={loaderData.profile} />
      <AddressBook addresses={loaderData.addresses} />
    </main>
  );
}
