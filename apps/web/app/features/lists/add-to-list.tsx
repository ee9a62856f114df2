import { lazy, Suspense, useState } from 'react';
import { useFetcher } from 'react-router';
import { Dialog } from '../../ui/dialog';
import { useAccount, useAccountAction } from '../account';
import type { ListActionResult } from './list-changes';
import { LISTS_ACTION_PATH } from './paths';
import { useShopperFeatures } from './shopper-features-context';
import './lists.css';

// Only a shopper who starts a new list from here needs its form: not with every card and product page.
const CreateListForm = lazy(() =>
  import('./create-list-form').then((module) => ({ default: module.CreateListForm })),
);

/**
 * 'Guardar en lista' on a card or the product page: opens the add-to-list dialog for a logged-in shopper
 * (the login dialog for a visitor). Hidden while the lists flag is off (§9).
 */
export function AddToListButton({ skuId, productName }: { skuId: string; productName: string }) {
  const { flags } = useShopperFeatures();
  const { openDialog } = useAccount();
  const [open, setOpen] = useState(false);
  const choose = useAccountAction((customer) => (customer ? setOpen(true) : openDialog('login')));
  if (!flags.shoppingLists || !skuId) return null;
  return (
    <>
      <button
        type="button"
        className="add-to-list"
        aria-haspopup="dialog"
        aria-label={`Guardar en lista ${productName}`}
        aria-busy={choose.waiting || undefined}
        onClick={() => choose.run()}
      >
        <span className="add-to-list__label">Guardar en lista</span>
      </button>
      {open && <AddToListDialog skuId={skuId} productName={productName} onClose={() => setOpen(false)} />}
    </>
  );
}

function AddToListDialog({
  skuId,
  productName,
  onClose,
}: {
  skuId: string;
  productName: string;
  onClose: () => void;
}) {
  // The shopper's lists come with every page (root loader): no load, so no wait and no route-discovery race.
  const { lists } = useShopperFeatures();
  const add = useFetcher<ListActionResult>();
  const [creating, setCreating] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const added = add.state === 'idle' ? add.data : undefined;
  const message = done ?? (added?.ok ? added.message : null);
  return (
    <Dialog open title="Agregar a lista" onClose={onClose}>
      <p className="add-to-list-dialog__product">{productName}</p>
      {message ? (
        <>
          <p role="status" className="add-to-list-dialog__done">
            {message}
          </p>
          <button type="button" className="button button--primary" onClick={onClose}>
            Listo
          </button>
        </>
      ) : creating ? (
        <Suspense fallback={null}>
          <CreateListForm skuId={skuId} onCreated={(result) => setDone(result.message)} />
        </Suspense>
      ) : (
        <>
          {lists.length === 0 ? (
            <p>Aún no tienes listas.</p>
          ) : (
            <ul className="add-to-list-dialog__lists">
              {lists.map((list) => (
                <li key={list.id}>
                  <add.Form method="post" action={LISTS_ACTION_PATH}>
                    <input type="hidden" name="intent" value="add-sku" />
                    <input type="hidden" name="listId" value={list.id} />
                    <input type="hidden" name="skuId" value={skuId} />
                    <button
                      type="submit"
                      className="add-to-list-dialog__list"
                      disabled={add.state !== 'idle'}
                    >
                      <span>{list.name}</span>
                      <span className="add-to-list-dialog__count">
                        {list.count} {list.count === 1 ? 'producto' : 'productos'}
                      </span>
                    </button>
                  </add.Form>
                </li>
              ))}
            </ul>
          )}
          {added && !added.ok && <p role="alert">{added.error}</p>}
          <button type="button" className="button button--secondary" onClick={() => setCreating(true)}>
            Crear nueva lista
          </button>
        </>
      )}
    </Dialog>
  );
}
