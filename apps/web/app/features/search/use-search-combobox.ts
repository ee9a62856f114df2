import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchTarget } from './search-target';
import type { SuggestionOption } from './suggestion-options';
import { useSearchTerm } from './use-search-term';
import { useSuggestionGroups } from './use-suggestion-groups';

/**
 * The header search's combobox (ARIA 1.2): the term, the suggestions for it, the option the arrows are
 * on, and where choosing one or searching takes the shopper (the §2 redirect rules first).
 */
export function useSearchCombobox(sellerId: string) {
  const navigate = useNavigate();
  const [term, setTerm] = useSearchTerm();
  const { inputRef, engaged, engage, open, setOpen } = useSuggestionsOpening(setTerm);
  const [activeIndex, setActiveIndex] = useState(-1);
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
  const type = (value: string) => {
    setTerm(value);
    setActiveIndex(-1);
    setOpen(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    onComboboxKey(event, {
      activeOption: active >= 0 ? options[active] : undefined,
      expanded,
      move,
      choose,
      close,
      clear: () => setTerm(''),
    });

  return {
    term,
    inputRef,
    groups,
    options,
    expanded,
    active,
    setActiveIndex,
    type,
    engage,
    close,
    choose,
    search,
    onKeyDown,
  };
}

/**
 * Whether the suggestions show, and whether the shopper has come to the box (nothing is asked before).
 * A box focused (and perhaps typed in) before the page was interactive fired its focus before React
 * listened: its term and focus are taken up, so the suggestions open as if React had been there.
 */
function useSuggestionsOpening(setTerm: (term: string) => void) {
  const [engaged, setEngaged] = useState(false);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Once, after hydration: setTerm is a state setter, the same on every render.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || document.activeElement !== input) return;
    setTerm(input.value);
    setEngaged(true);
    setOpen(true);
  }, [setTerm]);
  const engage = () => {
    setEngaged(true);
    setOpen(true);
  };
  return { inputRef, engaged, engage, open, setOpen };
}

/** The combobox's keys: arrows move through the options, Enter takes the one reached, Escape closes or clears. */
function onComboboxKey(
  event: KeyboardEvent<HTMLInputElement>,
  box: {
    activeOption: SuggestionOption | undefined;
    expanded: boolean;
    move(step: number): void;
    choose(option: SuggestionOption): void;
    close(): void;
    clear(): void;
  },
) {
  switch (event.key) {
    case 'ArrowDown':
      event.preventDefault();
      box.move(1);
      break;
    case 'ArrowUp':
      event.preventDefault();
      box.move(-1);
      break;
    case 'Enter':
      if (box.activeOption) {
        event.preventDefault();
        box.choose(box.activeOption);
      }
      break;
    case 'Escape':
      if (box.expanded) box.close();
      else box.clear();
      break;
    case 'Tab':
      box.close();
      break;
  }
}
