import type { KeyboardEvent } from 'react';
import type { Category } from '../../../contract/index.ts';

export const ALL_TAB = 'Todos';

type Props = {
  categories: Category[];
  /** providerId of the chosen category; undefined is 'Todos' (top sellers). */
  selected: string | undefined;
  onSelect(categoryId: string | undefined): void;
  panelId: string;
};

/**
 * 'Todos' then one tab per category, as an ARIA tab list (arrow keys move between tabs).
 * The swiper carousel of the spec arrives with the full catalogue screen.
 */
export function CategoryTabs({ categories, selected, onSelect, panelId }: Props) {
  const tabs = [
    { id: undefined, name: ALL_TAB },
    ...categories.map((c) => ({ id: c.providerId, name: c.name })),
  ];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    onSelect(next?.id);
    const button = event.currentTarget.querySelector<HTMLButtonElement>(`[data-tab="${next?.id ?? ''}"]`);
    button?.focus();
  }

  return (
    <div className="category-tabs" role="tablist" aria-label="Categorias" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id ?? ''}
            id={`tab-${tab.id ?? 'todos'}`}
            data-tab={tab.id ?? ''}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            className="category-tabs__tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.name}
          </button>
        );
      })}
    </div>
  );
}
