import { useEffect, useEffectEvent, useId, useState, type KeyboardEvent } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import type { ReplacementOptions } from '@despensa/contracts';
import { apiCall } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';

type Option = ReplacementOptions['products'][number];
/** What the page's own search (before scripts) found for a line. */
export interface ReplacementSearch {
  index: number;
  term: string;
  products: Option[];
}

const MIN_TERM = 2;
const TYPING_PAUSE_MS = 200;

/**
 * The store's products for a line's replacement, asked once the typing pauses: the page's own search
 * (before scripts) until then. `onResults` runs as each answer arrives.
 */
function useStoreSearch(
  { orderId, index, found }: { orderId: string; index: number; found: ReplacementSearch | null },
  term: string,
  onResults: () => void,
) {
  const [options, setOptions] = useState<Option[]>(found?.products ?? []);
  const [searched, setSearched] = useState(found?.term ?? '');
  const answered = useEffectEvent(onResults);
  useEffect(() => {
    const wanted = term.trim();
    if (wanted.length < MIN_TERM) return;
    let current = true;
    const timer = setTimeout(() => {
      const path = `/api/operations/orders/${encodeURIComponent(orderId)}/lines/${index}/replacement-options`;
      void apiCall(`${path}?q=${encodeURIComponent(wanted)}`, 'replacementOptions').then((result) => {
        if (!current) return;
        setOptions(result.ok ? result.data.products : []);
        setSearched(wanted);
        answered();
      });
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [orderId, index, term]);
  return { options, searched };
}

/** The listbox of the store's products, each with the price the proposal takes. */
function OptionList({
  id,
  shown,
  active,
  optionId,
  onChoose,
  onActive,
  hidden,
}: {
  id: string;
  shown: Option[];
  active: number;
  optionId: (position: number) => string;
  onChoose: (option: Option) => void;
  onActive: (position: number) => void;
  hidden: boolean;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Productos de la tienda"
      className="console-combobox__listbox"
      hidden={hidden}
      onMouseDown={(event) => event.preventDefault()}
    >
      {shown.map((option, position) => (
        <li
          key={option.id}
          id={optionId(position)}
          role="option"
          aria-selected={position === active}
          onClick={() => onChoose(option)}
          onMouseMove={() => onActive(position)}
        >
          {option.name} · {formatPrice(option.price)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The replacement's product, found by name in the order's store (the catalogue's search) instead of a
 * typed SKU: an ARIA 1.2 combobox whose choice fills the proposal's `skuId`, each option with the price
 * the proposal takes. Before scripts run it is a search sent with the page (GET ?index=…&buscar=…) whose
 * results are radio buttons.
 */
export function ReplacementPicker(props: {
  orderId: string;
  index: number;
  found: ReplacementSearch | null;
}) {
  const scripted = useHydrated();
  return scripted ? <ProductCombobox {...props} /> : <PageSearch {...props} />;
}

function PageSearch({ index, found }: { index: number; found: ReplacementSearch | null }) {
  return (
    <>
      <label>
        Buscar reemplazo
        <input name="buscar" type="search" minLength={MIN_TERM} maxLength={80} defaultValue={found?.term} />
      </label>
      <button type="submit" formMethod="get" formNoValidate className="button button--secondary">
        Buscar
      </button>
      {found && found.products.length > 0 ? (
        <fieldset className="console-options">
          <legend>Elige el reemplazo</legend>
          {found.products.map((product) => (
            <label key={product.id}>
              <input type="radio" name="skuId" value={product.id} required />
              {product.name} · {formatPrice(product.price)}
            </label>
          ))}
        </fieldset>
      ) : found ? (
        <p id={`replacement-none-${index}`}>No encontramos «{found.term}» en esta tienda.</p>
      ) : null}
    </>
  );
}

function ProductCombobox({
  orderId,
  index,
  found,
}: {
  orderId: string;
  index: number;
  found: ReplacementSearch | null;
}) {
  const id = useId();
  const [term, setTerm] = useState(found?.term ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<Option | null>(null);
  const { options, searched } = useStoreSearch({ orderId, index, found }, term, () => setActive(-1));

  const shown = term.trim().length >= MIN_TERM ? options : [];
  const expanded = open && shown.length > 0;
  const optionId = (position: number) => `${id}-option-${position}`;
  const choose = (option: Option) => {
    setChosen(option);
    setTerm(option.name);
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (shown.length > 0)
        setActive((from) => stepped(from, event.key === 'ArrowDown' ? 1 : -1, shown.length));
    } else if (event.key === 'Enter') {
      // Enter chooses; it never sends a proposal without a product.
      event.preventDefault();
      const option = expanded ? shown[active] : undefined;
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="console-combobox">
      <label htmlFor={`${id}-input`}>Buscar reemplazo</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        maxLength={80}
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          setChosen(null);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <OptionList
        id={`${id}-listbox`}
        shown={shown}
        active={active}
        optionId={optionId}
        onChoose={choose}
        onActive={setActive}
        hidden={!expanded}
      />
      <p className="visually-hidden" role="status">
        {open ? searchStatus(term, searched, shown) : ''}
      </p>
      <ChosenReplacement chosen={chosen} />
    </div>
  );
}

/** The option an arrow key moves to: the first or last from none, else the next or previous, round. */
function stepped(from: number, step: 1 | -1, count: number): number {
  if (from < 0) return step > 0 ? 0 : count - 1;
  return (from + step + count) % count;
}

/** What the screen reader hears of a search: how many were found, or that nothing was. */
function searchStatus(term: string, searched: string, shown: Option[]): string {
  if (searched.length < MIN_TERM || term.trim().length < MIN_TERM) return '';
  return shown.length > 0
    ? `${shown.length} productos encontrados`
    : `No encontramos «${searched}» en esta tienda.`;
}

/** The proposal's product (its `skuId`), said back to the picker once chosen. */
function ChosenReplacement({ chosen }: { chosen: Option | null }) {
  return (
    <>
      <input type="hidden" name="skuId" value={chosen?.id ?? ''} />
      {chosen ? (
        <p>
          Reemplazo elegido: <strong>{chosen.name}</strong> · {formatPrice(chosen.price)} c/u
        </p>
      ) : null}
    </>
  );
}
