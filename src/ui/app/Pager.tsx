import './pager.css';
import { pageCount, pageItems, pageWindow, showingText } from '../../domain/users/list-view.ts';

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
