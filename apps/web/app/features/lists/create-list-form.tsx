import { useEffect, useId } from 'react';
import { useFetcher } from 'react-router';
import type { ListActionResult } from './list-changes';
import { LISTS_ACTION_PATH } from './paths';
import { InputField } from '../../ui/labelled-field';

/**
 * The create-list form (§2 create-list modal): a name, and with `skuId` the product it starts with.
 * Without JavaScript it posts to the list routes and opens the new list.
 */
export function CreateListForm({
  skuId,
  onCreated,
}: {
  skuId?: string;
  onCreated?: (result: Extract<ListActionResult, { ok: true }>) => void;
}) {
  const id = useId();
  const fetcher = useFetcher<ListActionResult>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok && result.intent === 'create') onCreated?.(result);
  }, [result, onCreated]);
  return (
    <fetcher.Form method="post" action={LISTS_ACTION_PATH} className="list-form">
      <input type="hidden" name="intent" value="create" />
      {skuId ? (
        <input type="hidden" name="skuId" value={skuId} />
      ) : (
        <input type="hidden" name="then" value="open" />
      )}
      <InputField
        id={`${id}-name`}
        name="name"
        label="Nombre de la lista"
        required
        maxLength={60}
        autoComplete="off"
      />
      {result && !result.ok && (
        <p className="list-form__error" role="alert">
          {result.error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
        Crear lista
      </button>
    </fetcher.Form>
  );
}
