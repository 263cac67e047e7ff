import './search-bar.css';

type Props = {
  /** The trimmed search text. */
  text: string;
  /** Names of the chosen category and subcategory, in order; empty when none is chosen. */
  categoryPath: readonly string[];
};

/**
 * Search mode's heading: 'Pesquisa', then 'Buscando por "{text}" na categoria A > B'. Without a
 * category: 'Buscando por "{text}"'; with a category and no text: 'Buscando na categoria A > B'.
 */
export function SearchHeading({ text, categoryPath }: Props) {
  const description = searchDescription(text, categoryPath);
  return (
    <div className="search-heading">
      <h2 className="search-heading__title">Pesquisa</h2>
      {description && <p className="search-heading__text">{description}</p>}
    </div>
  );
}

export function searchDescription(text: string, categoryPath: readonly string[]): string {
  const path = categoryPath.filter((name) => name !== '').join(' > ');
  const parts = ['Buscando'];
  if (text) parts.push(`por "${text}"`);
  if (path) parts.push(`na categoria ${path}`);
  return parts.length > 1 ? parts.join(' ') : '';
}
