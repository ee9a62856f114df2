import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchTarget } from './search-target';
import { optionId, SuggestionListbox } from './suggestion-listbox';
import type { SuggestionOption } from './suggestion-options';
import { useSuggestionGroups } from './use-suggestion-groups';
import './search.css';
import { useChanged } from '../../lib/use-changed';

/**
 * The header search: an ARIA 1.2 combobox with grouped suggestions as you type and popular searches on
 * focus. Without scripts it is a plain GET form to /busca?ft=…; with them, submitting applies the §2
 * redirect rules first. Suggestions are of what the storefront's seller sells (`sellerId`, §1).
 */
export function SearchBox({ sellerId }: { sellerId: string }) {
  const navigate = useNavigate();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const location = useLocation();
  const [term, setTerm] = useState(() => searchedTerm(location));
  const [engaged, setEngaged] = useState(false);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  // A box focused (and perhaps typed in) before the page was interactive fired its focus before React
  // listened: take up what the shopper did, so the suggestions open as if React had been there.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || document.activeElement !== input) return;
    setTerm(input.value);
    setEngaged(true);
    setOpen(true);
  }, []);
  // On the results page the box shows the term searched, ready to refine.
  if (useChanged(location) && location.pathname === '/busca') setTerm(searchedTerm(location));
  const groups = useSuggestionGroups(term, engaged, sellerId);
  const options = groups.flatMap((group) => group.options);
  const expanded = open && options.length > 0;
  const active = expanded && activeIndex >= 0 && activeIndex < options.length ? activeIndex : -1;

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };
  const go = (to: string | null) => {
    if (!to) return;
    close();
    void navigate(to);
  };
  const search = (value: string) => go(searchTarget(value));
  const choose = (option: SuggestionOption) => {
    if (option.kind === 'term') {
      setTerm(option.term);
      search(option.term);
    } else go(option.href);
  };
  const move = (step: number) => {
    setOpen(true);
    if (options.length === 0) return;
    setActiveIndex((current) => {
      const from = current < 0 || current >= options.length ? (step > 0 ? -1 : options.length) : current;
      return (from + step + options.length) % options.length;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter': {
        const option = active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (expanded) close();
        else setTerm('');
        break;
      case 'Tab':
        close();
        break;
    }
  };

  return (
    <form
      role="search"
      action="/busca"
      method="get"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        search(term);
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Buscar productos
      </label>
      <input
        ref={inputRef}
        id={inputId}
        name="ft"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={active >= 0 ? optionId(listboxId, active) : undefined}
        placeholder="¿Qué estás buscando?"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          setActiveIndex(-1);
          setOpen(true);
        }}
        onFocus={() => {
          setEngaged(true);
          setOpen(true);
        }}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="search-box__submit" aria-label="Buscar">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <SuggestionListbox
        id={listboxId}
        groups={groups}
        open={expanded}
        activeIndex={active}
        onChoose={choose}
        onHover={setActiveIndex}
      />
      <p className="visually-hidden" role="status">
        {expanded ? `${options.length} sugerencias disponibles` : ''}
      </p>
    </form>
  );
}

/** The term of a results page (/busca?ft=…), else empty. */
function searchedTerm(location: { pathname: string; search: string }): string {
  return location.pathname === '/busca' ? (new URLSearchParams(location.search).get('ft') ?? '') : '';
}
