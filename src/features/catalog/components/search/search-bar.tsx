import './search-bar.css';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { SearchIcon } from '@/components/ui/icons.tsx';

export const SEARCH_PLACEHOLDER = 'Pesquisar por produto';

type Props = {
  /** The search text in force (from the address); the field shows it and follows its changes. */
  initialText: string;
  /** Enter or the search button: the trimmed text, '' included (back to catalogue mode). */
  onSearch(text: string): void;
  /** What shares the search's row: on phones, the one 'Filtrar' button (facets/filter-button.tsx). */
  children?: ReactNode;
};

/**
 * The catalogue's search bar. The category choice ('Filtrar por categorias') lives in the filter
 * panel with the other filters, so the row has a single filter button.
 */
export function SearchBar({ initialText, onSearch, children }: Props) {
  const [text, setText] = useState(initialText);
  const [shownText, setShownText] = useState(initialText);
  const inputId = useId();

  // The address changed the search (back button, a tab): the field follows it.
  if (initialText !== shownText) {
    setShownText(initialText);
    setText(initialText);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

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
      {children}
    </div>
  );
}
