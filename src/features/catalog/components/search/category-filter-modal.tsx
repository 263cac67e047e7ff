import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useNativeModal } from '@/components/ui/use-native-modal.ts';
import type { Category } from '@/contract/catalog.ts';
import {
  badgeText,
  type CategorySelection,
  toggleCategory,
  toggleSubcategory,
} from './category-selection.ts';

type Props = {
  categories: readonly Category[];
  /** The selection in force when the modal opens; the modal edits a draft of it. */
  initialSelection: CategorySelection;
  /** 'Filtrar': the chosen pair. The caller closes the modal. */
  onApply(selection: CategorySelection): void;
  /** 'Cancelar', Escape or the browser closing the dialog. May be called more than once. */
  onClose(): void;
};

/**
 * 'Filtrar por categorias': category badges (lowercased), the subcategory badges of the chosen
 * category, 'Cancelar' and 'Filtrar'. Mount it only while it is open: it opens itself as a native
 * modal dialog (the page behind is inert, Escape closes it) and gives the focus back on unmount.
 */
export function CategoryFilterModal({ categories, initialSelection, onApply, onClose }: Props) {
  const [draft, setDraft] = useState<CategorySelection>(initialSelection);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const subcategoriesId = useId();

  const handlers = useNativeModal(dialogRef, onClose);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  }

  const chosen = categories.find((category) => category.providerId === draft.categoryId);
  const subcategories = chosen?.children ?? [];

  return (
    <dialog
      ref={dialogRef}
      className="category-filter"
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={handlers.onCancel}
      onClose={handlers.onClose}
    >
      <h2 id={titleId} className="category-filter__title">
        Filtrar por categorias
      </h2>

      <div className="category-filter__body">
        {categories.length === 0 ? (
          <p className="category-filter__empty">Nenhuma categoria disponível.</p>
        ) : (
          <ul className="category-filter__badges" aria-label="Categorias">
            {categories.map((category) => (
              <li key={category.providerId}>
                <button
                  type="button"
                  className="category-filter__badge"
                  aria-pressed={draft.categoryId === category.providerId}
                  onClick={() => setDraft((current) => toggleCategory(current, category.providerId))}
                >
                  {badgeText(category.name)}
                </button>
              </li>
            ))}
          </ul>
        )}

        {chosen && subcategories.length > 0 && (
          <section className="category-filter__subcategories" aria-labelledby={subcategoriesId}>
            <h3 id={subcategoriesId} className="category-filter__subtitle">
              Subcategorias de {badgeText(chosen.name)}
            </h3>
            <ul className="category-filter__badges">
              {subcategories.map((subcategory) => (
                <li key={subcategory.providerId}>
                  <button
                    type="button"
                    className="category-filter__badge"
                    aria-pressed={draft.subcategoryId === subcategory.providerId}
                    onClick={() =>
                      setDraft((current) =>
                        toggleSubcategory(current, chosen.providerId, subcategory.providerId),
                      )
                    }
                  >
                    {badgeText(subcategory.name)}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      <div className="category-filter__actions">
        <button type="button" className="category-filter__cancel" onClick={onClose}>
          Cancelar
        </button>
        <button type="button" className="button" onClick={() => onApply(draft)}>
          Filtrar
        </button>
      </div>
    </dialog>
  );
}
