import './styles.ts';
import { useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import { pageCount, pageItems, pageWindow, showingText } from '../../domain/lists/paging.ts';

/** The paging events every paged list machine accepts. */
export type PageEvent = { type: 'page.go'; page: number } | { type: 'page.previous' } | { type: 'page.next' };

type PagedSnapshot = Snapshot<unknown> & {
  context: { page: number; visible: { length: number } };
  can(event: PageEvent): boolean;
};

/** The pager of a paged list machine: reads its page and rows, and sends it the paging events. */
export function ListPager({ list }: { list: ActorRef<PagedSnapshot, PageEvent> }) {
  const page = useSelector(list, (state) => state.context.page);
  const total = useSelector(list, (state) => state.context.visible.length);
  const canPrevious = useSelector(list, (state) => state.can({ type: 'page.previous' }));
  const canNext = useSelector(list, (state) => state.can({ type: 'page.next' }));
  return (
    <Pager
      page={page}
      total={total}
      canPrevious={canPrevious}
      canNext={canNext}
      onPage={(target) => list.send({ type: 'page.go', page: target })}
      onPrevious={() => list.send({ type: 'page.previous' })}
      onNext={() => list.send({ type: 'page.next' })}
    />
  );
}

/** Paging by ten as on the user list: the rows shown, Previous, the page buttons and Next. */
export function Pager({
  page,
  total,
  canPrevious,
  canNext,
  onPage,
  onPrevious,
  onNext,
}: {
  page: number;
  total: number;
  canPrevious: boolean;
  canNext: boolean;
  onPage: (page: number) => void;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <div className="pager">
      <p className="pager__summary" aria-live="polite">
        {showingText(pageWindow(page, total))}
      </p>
      <nav aria-label="Pages">
        <ul className="pager__list">
          <li>
            <button type="button" className="button button--secondary" disabled={!canPrevious} onClick={onPrevious}>
              Previous
            </button>
          </li>
          {pageItems(page, pageCount(total)).map((item) =>
            item.kind === 'ellipsis' ? (
              <li key={item.key} className="pager__ellipsis" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item.page}>
                <button
                  type="button"
                  className="pager__page"
                  aria-label={`Page ${item.page}`}
                  aria-current={item.page === page ? 'page' : undefined}
                  onClick={() => onPage(item.page)}
                >
                  {item.page}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className="button button--secondary" disabled={!canNext} onClick={onNext}>
              Next
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
