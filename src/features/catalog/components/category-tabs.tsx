import {
  type ComponentType,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { Category } from '@/contract/catalog.ts';
import { retryingImport } from '@/lib/retrying-import.ts';
import { whenPageSettles } from '@/lib/when-page-settles.ts';
import { trackPresses } from './press-tracker.ts';

export const ALL_TAB = 'Todos';

// Swiper loads after the first paint, in its own chunk (docs/quality-bars.md: the carousel is not part of
// the landing route's first JavaScript), once the page has settled (lib/when-page-settles.ts): its
// start-up measures and lays out the row, a long task on a cheap phone. Not with lazy() and
// Suspense: the catalogue's first paint would wait for its chunk. Until then the plain row of the
// same size shows the tabs.
//
// The carousel puts the same tabs in new elements. The shopper's first tap on a tab is what starts
// its loading, so it takes over only once that tap has ended (press-tracker.ts): sooner, the
// tap's release would land on a new element and the tab would not be chosen. A tab that had the
// keyboard's focus gets it back in the carousel.
type Carousel = ComponentType<{ children: ReactNode; activeIndex: number }>;
let loadedCarousel: Carousel | undefined;

function useCategoryCarousel(list: RefObject<HTMLDivElement | null>): Carousel | undefined {
  const [carousel, setCarousel] = useState(() => loadedCarousel);
  const focusedTab = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (carousel) return;
    let cancelled = false;
    const presses = trackPresses();
    let cancelSwap = () => {};
    const cancelWait = whenPageSettles(() => {
      retryingImport(() => import('./category-carousel.tsx'))().then(
        (module) => {
          loadedCarousel = module.default;
          if (cancelled) return;
          cancelSwap = presses.afterPress(() => {
            const active = document.activeElement;
            focusedTab.current =
              active instanceof HTMLElement && list.current?.contains(active)
                ? active.dataset.tab
                : undefined;
            setCarousel(() => module.default);
          });
        },
        // Without its chunk (a lost connection, tried again once it is back) the plain row goes on working.
        () => {},
      );
    });
    return () => {
      cancelled = true;
      cancelWait();
      cancelSwap();
      presses.stop();
    };
  }, [carousel, list]);
  useLayoutEffect(() => {
    const tab = focusedTab.current;
    if (!carousel || tab === undefined) return;
    focusedTab.current = undefined;
    const tabs = list.current?.querySelectorAll<HTMLElement>('[data-tab]') ?? [];
    [...tabs].find((element) => element.dataset.tab === tab)?.focus();
  }, [carousel, list]);
  return carousel;
}

type Props = {
  categories: Pick<Category, 'providerId' | 'name'>[];
  /** providerId of the chosen category; undefined is 'Todos' (top sellers). */
  selected: string | undefined;
  onSelect(categoryId: string | undefined): void;
  panelId: string;
};

/**
 * 'Todos' then one tab per category, as an ARIA tab list (arrow keys move between tabs), in the
 * spec's carousel.
 */
export function CategoryTabs({ categories, selected, onSelect, panelId }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const CategoryCarousel = useCategoryCarousel(list);
  const tabs = [
    { id: undefined, name: ALL_TAB },
    ...categories.map((c) => ({ id: c.providerId, name: c.name })),
  ];
  const activeIndex = tabs.findIndex((tab) => tab.id === selected);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tabs[(activeIndex + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    onSelect(next?.id);
    const button = event.currentTarget.querySelector<HTMLButtonElement>(`[data-tab="${next?.id ?? ''}"]`);
    button?.focus();
  }

  const buttons = tabs.map((tab) => {
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
  });

  return (
    <div ref={list} className="category-tabs" role="tablist" aria-label="Categorias" onKeyDown={onKeyDown}>
      {CategoryCarousel ? (
        <CategoryCarousel activeIndex={activeIndex}>{buttons}</CategoryCarousel>
      ) : (
        // The chosen tab starts the row, as the carousel will show it (styles.css).
        <div
          className="category-tabs__row"
          style={{ '--chosen-tab': activeIndex, '--tab-count': tabs.length } as CSSProperties}
        >
          {buttons}
        </div>
      )}
    </div>
  );
}
