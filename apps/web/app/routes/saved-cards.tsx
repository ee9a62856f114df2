import { SavedCards } from '../features/payments/saved-cards';
import { savedCardsAction, savedCardsLoader } from '../features/payments/saved-cards-server';
import { requireFeature } from '../features/lists/features-server';
import type { Route } from './+types/saved-cards';

/** /mis-tarjetas (§2): a private page; the customer's saved one-click cards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireFeature(context.services, 'wallet');
  return { ...(await savedCardsLoader(context.services, request)), brandName: context.services.brand.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireFeature(context.services, 'wallet');
  return savedCardsAction(context.services, request);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Mis tarjetas | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function SavedCardsPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="account-page container">
      <h1 className="account-page__title">Mis tarjetas</h1>
      <SavedCards
        cards={loaderData.cards}
        enrolmentMessage={loaderData.enrolmentMessage}
        enrolmentOk={loaderData.enrolmentOk}
      />
    </main>
  );
}
