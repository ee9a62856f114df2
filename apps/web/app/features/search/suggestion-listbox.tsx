import { useEffect } from 'react';
import { formatCLP } from '@despensa/domain';
import type { SuggestionGroup, SuggestionOption } from './suggestion-options';

export function optionId(listboxId: string, position: number): string {
  return `${listboxId}-option-${position}`;
}

/**
 * The combobox popup: an ARIA listbox whose options are grouped (role=group labelled by a presentation
 * row), as in the WAI-ARIA grouped listbox pattern. Focus stays in the input; clicks never take it.
 */
export function SuggestionListbox(props: {
  id: string;
  groups: SuggestionGroup[];
  open: boolean;
  activeIndex: number;
  onChoose: (option: SuggestionOption) => void;
  onHover: (position: number) => void;
}) {
  const { id, groups, open, activeIndex, onChoose, onHover } = props;
  // Arrow keys move past the visible rows of a long list: keep the active one in view.
  useEffect(() => {
    if (open && activeIndex >= 0)
      document.getElementById(optionId(id, activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [id, open, activeIndex]);
  // Options are numbered across the groups: each group starts where the previous one ended.
  const firstPositions = groups.map((_, index) =>
    groups.slice(0, index).reduce((count, group) => count + group.options.length, 0),
  );
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Sugerencias de búsqueda"
      className="search-box__listbox"
      hidden={!open}
      onMouseDown={(event) => event.preventDefault()}
    >
      {groups.map((group, groupIndex) => (
        <ul key={group.key} role="group" aria-labelledby={`${id}-${group.key}`}>
          <li role="presentation" id={`${id}-${group.key}`} className="search-box__group-title">
            {group.title}
          </li>
          {group.options.map((option, optionIndex) => {
            const index = firstPositions[groupIndex]! + optionIndex;
            return (
              <li
                key={`${group.key}-${option.label}-${index}`}
                id={optionId(id, index)}
                role="option"
                aria-selected={index === activeIndex}
                className="search-box__option"
                onClick={() => onChoose(option)}
                onMouseMove={() => onHover(index)}
              >
                <OptionContent option={option} />
              </li>
            );
          })}
        </ul>
      ))}
    </div>
  );
}

function OptionContent(props: { option: SuggestionOption }) {
  const { option } = props;
  const product = option.kind === 'link' ? option.product : undefined;
  if (!product) return <span className="search-box__option-label">{option.label}</span>;
  return (
    <>
      <img src={product.imageUrl} alt="" width={40} height={40} loading="lazy" />
      <span className="search-box__option-label">{product.productName}</span>
      <span className="search-box__option-price">
        {formatCLP(product.price)}
        {product.listPrice > product.price && <s>{formatCLP(product.listPrice)}</s>}
      </span>
    </>
  );
}
