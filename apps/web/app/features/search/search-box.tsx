import { useId } from 'react';
import { optionId, SuggestionListbox } from './suggestion-listbox';
import { useSearchCombobox } from './use-search-combobox';
import './search.css';

/**
 * The header search: an ARIA 1.2 combobox with grouped suggestions as you type and popular searches on
 * focus. Without scripts it is a plain GET form to /busca?ft=…; with them, submitting applies the §2
 * redirect rules first. Suggestions are of what the storefront's seller sells (`sellerId`, §1).
 */
export function SearchBox({ sellerId }: { sellerId: string }) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const { inputRef, ...box } = useSearchCombobox(sellerId);
  return (
    <form
      role="search"
      action="/busca"
      method="get"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        box.search(box.term);
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
        aria-expanded={box.expanded}
        aria-controls={listboxId}
        aria-activedescendant={box.active >= 0 ? optionId(listboxId, box.active) : undefined}
        placeholder="¿Qué estás buscando?"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={box.term}
        onChange={(event) => box.type(event.currentTarget.value)}
        onFocus={box.engage}
        onBlur={box.close}
        onKeyDown={box.onKeyDown}
      />
      <button type="submit" className="search-box__submit" aria-label="Buscar">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <SuggestionListbox
        id={listboxId}
        groups={box.groups}
        open={box.expanded}
        activeIndex={box.active}
        onChoose={box.choose}
        onHover={box.setActiveIndex}
      />
      <p className="visually-hidden" role="status">
        {box.expanded ? `${box.options.length} sugerencias disponibles` : ''}
      </p>
    </form>
  );
}
