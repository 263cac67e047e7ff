import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { categoriesQuery } from '../../features/catalog/api/get-categories.ts';
import { ALL_TAB, CategoryTabs } from '../../features/catalog/components/category-tabs.tsx';
import { tabStorage } from '../../session/tab.ts';
import { TAB_STORAGE_KEYS } from '../../session/tab-storage.ts';

const CATEGORY_PARAM = 'categoria';
const PANEL_ID = 'catalogo-painel';

/** The catalogue home. The chosen category lives in the address so it can be shared and reloaded. */
export default function CatalogPage() {
  const { data: categories = [], isPending } = useQuery(categoriesQuery);
  const [params, setParams] = useSearchParams();
  const selected = params.get(CATEGORY_PARAM) ?? undefined;

  // A chat link may open the catalogue on a category (#code?type=ShowCategory&id=12): used once.
  useEffect(() => {
    const type = tabStorage.get<string>(TAB_STORAGE_KEYS.catalogType);
    const id = tabStorage.get<string>(TAB_STORAGE_KEYS.catalogId);
    if (type !== 'ShowCategory' || !id || isPending) return;
    tabStorage.remove(TAB_STORAGE_KEYS.catalogType);
    tabStorage.remove(TAB_STORAGE_KEYS.catalogId);
    if (categories.some((category) => category.providerId === id)) {
      setParams({ [CATEGORY_PARAM]: id }, { replace: true });
    }
  }, [categories, isPending, setParams]);

  function select(categoryId: string | undefined) {
    setParams(categoryId ? { [CATEGORY_PARAM]: categoryId } : {}, { replace: true });
  }

  const current = categories.find((category) => category.providerId === selected);

  return (
    <div className="catalog">
      <h1 className="visually-hidden">Catálogo</h1>
      <CategoryTabs
        categories={categories}
        selected={current?.providerId}
        onSelect={select}
        panelId={PANEL_ID}
      />
      <section
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={`tab-${current?.providerId ?? 'todos'}`}
        className="catalog__panel"
      >
        <h2 className="catalog__title">{current?.name ?? ALL_TAB}</h2>
        {current?.children && current.children.length > 0 && (
          <ul className="chips" aria-label="Subcategorias">
            {current.children.map((child) => (
              <li key={child.providerId} className="chip">
                {child.name}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const handle = { hideBack: true };
