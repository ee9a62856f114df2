import { useState, type ReactNode } from 'react';
import { useFetcher, type FetcherWithComponents } from 'react-router';
import type { FulfilmentLineView } from '@despensa/contracts';
import { ReplacementPicker, type ReplacementSearch } from './replacement-picker';
import { ConsoleRefusal } from './console-refusal';

type Answer = { ok: true } | { error: string } | undefined;

/** The two marks a line takes as it is picked: [intent, button text, button kind]. */
const LINE_MARKS = [
  ['pick', 'Recogido', 'primary'],
  ['missing', 'Falta', 'secondary'],
] as const;

/** A line of the picking list, in an order the picker may change or not. */
export interface PickingLineProps {
  orderId: string;
  line: FulfilmentLineView;
  editable: boolean;
  /** What the page's replacement search found for this line (before scripts run). */
  found: ReplacementSearch | null;
}

/**
 * What the picker can do to a line while the order is in handling: picked, missing, its real weight, a
 * proposed replacement. One answer for the line, whichever form sent it.
 */
export function PickingActions({ orderId, line, editable, found }: PickingLineProps) {
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== 'idle';
  const [unchosen, setUnchosen] = useState(false);
  const answer = unchosen ? { error: 'Elige el reemplazo entre los productos encontrados.' } : fetcher.data;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="index" value={line.index} />
    </>
  );
  return (
    <>
      {editable ? (
        <div className="console-actions">
          {LINE_MARKS.map(([intent, text, variant]) => (
            <fetcher.Form key={intent} method="post">
              {hidden(intent)}
              <button
                type="submit"
                className={`button button--${variant}`}
                disabled={busy}
                aria-label={`${text}: ${line.name}`}
              >
                {text}
              </button>
            </fetcher.Form>
          ))}
          {line.weighed ? <WeighForm fetcher={fetcher} fields={hidden('weigh')} /> : null}
          {line.substituteType === 6 ? (
            <ProposeReplacement
              orderId={orderId}
              line={line}
              found={found}
              fetcher={fetcher}
              fields={hidden('propose')}
              onUnchosen={setUnchosen}
            />
          ) : null}
        </div>
      ) : null}
      <ConsoleRefusal answer={answer} />
    </>
  );
}

/** §8 a replacement for a line the customer left to the store: the product, how many and a note. */
function ProposeReplacement({
  orderId,
  line,
  found,
  fetcher,
  fields,
  onUnchosen,
}: {
  orderId: string;
  line: FulfilmentLineView;
  found: ReplacementSearch | null;
  fetcher: FetcherWithComponents<Answer>;
  fields: ReactNode;
  onUnchosen: (unchosen: boolean) => void;
}) {
  return (
    <details open={found !== null}>
      <summary>Proponer reemplazo</summary>
      <fetcher.Form
        method="post"
        className="console-actions"
        onSubmit={(event) => {
          // A scripted picker's product is a hidden field: say so when none was chosen.
          const missing = !new FormData(event.currentTarget).get('skuId');
          onUnchosen(missing);
          if (missing) event.preventDefault();
        }}
      >
        {fields}
        <ReplacementPicker orderId={orderId} index={line.index} found={found} />
        <label>
          Cantidad
          <input name="quantity" type="number" min={1} max={35} defaultValue={1} required />
        </label>
        <label>
          Nota
          <input name="note" maxLength={300} />
        </label>
        <button type="submit" className="button button--secondary" disabled={fetcher.state !== 'idle'}>
          Enviar propuesta
        </button>
      </fetcher.Form>
    </details>
  );
}

/** A weighed line's real weight, in grams. */
function WeighForm({ fetcher, fields }: { fetcher: FetcherWithComponents<Answer>; fields: ReactNode }) {
  return (
    <fetcher.Form method="post" className="console-actions">
      {fields}
      <label>
        Peso real (g)
        <input name="grams" type="number" min={1} max={100000} step={1} inputMode="numeric" required />
      </label>
      <button type="submit" className="button button--secondary" disabled={fetcher.state !== 'idle'}>
        Registrar peso
      </button>
    </fetcher.Form>
  );
}
