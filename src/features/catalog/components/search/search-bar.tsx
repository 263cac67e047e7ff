import './search-bar.css';
import { type FormEvent, useId, useState } from 'react';
import { FilterIcon, SearchIcon } from '../../../../components/ui/icons.tsx';
import type { Category } from '../../../../contract/catalog.ts';
import { CategoryFilterModal } from './category-filter-modal.tsx';
import { type CategorySelection, selectionPath } from './category-selection.ts';

export const SEARCH_PLACEHOLDER = 'Pesquisar por produto';

type Props = {
  /** The search text in force (from the address); the field shows it and follows its changes. */
  initialText: string;
  categories: readonly Category[];
  selectedCategoryId: string | undefined;
  selectedSubcategoryId: string | undefined;
  /** Enter or the search button: the trimmed text, '' included (back to catalogue mode). */
  onSearch(text: string): void;
  /** 'Filtrar' in the category modal: the chosen pair (both undefined when nothing is chosen). */
  onFilterCategories(categoryId: string | undefined, subcategoryId: string | undefined): void;
};

/** The catalogue's search bar: text search plus the 'Filtrar por categorias' modal. */
export function SearchBar({
  initialText,
  categories,
  selectedCategoryId,
  selectedSubcategoryId,
  onSearch,
  onFilterCategories,
}: Props) {
  const [text, setText] = useState(initialText);
  const [shownText, setShownText] = useState(initialText);
  const [modalOpen, setModalOpen] = useState(false);
  const inputId = useId();
  const filterStateId = useId();

  // The address changed the search (back button, a tab): the field follows it.
  if (initialText !== shownText) {
    setShownText(initialText);
    setText(initialText);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

  function apply(selection: CategorySelection) {
    setModalOpen(false);
    onFilterCategories(selection.categoryId, selection.subcategoryId);
  }

  const path = selectionPath(categories, {
    categoryId: selectedCategoryId,
    subcategoryId: selectedSubcategoryId,
  });

  return (
    <div className="search-bar">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is no landmark in older Android WebViews (chat apps' in-app browsers); form role=search is everywhere. */}
      <form role="search" className="search-bar__form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {SEARCH_PLACEHOLDER}
        </label>
        <input
          id={inputId}
          className="search-bar__input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={SEARCH_PLACEHOLDER}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="search-bar__button" aria-label="Pesquisar">
          <SearchIcon />
        </button>
      </form>
      <button
        type="button"
        className="search-bar__button search-bar__filter"
        aria-haspopup="dialog"
        aria-label="Filtrar por categorias"
        aria-describedby={path.length > 0 ? filterStateId : undefined}
        data-active={path.length > 0 || undefined}
        onClick={() => setModalOpen(true)}
      >
        <FilterIcon />
      </button>
      {path.length > 0 && (
        <span id={filterStateId} className="visually-hidden">
          Categoria escolhida: {path.join(' > ')}
        </span>
      )}
      {modalOpen && (
        <CategoryFilterModal
          categories={categories}
          initialSelection={{
            categoryId: selectedCategoryId,
            subcategoryId: selectedCategoryId === undefined ? undefined : selectedSubcategoryId,
          }}
          onApply={apply}
          onClose={() => setModalOpen(false)}
        />
      )}
    </div>
  );
}
