import type { PaginationData } from '../../src/shared/types';

/** Newer/older links between the pages of a list. */
export function Paginator({ pagination, label }: { pagination: PaginationData; label: string }) {
  if (pagination.totalPages <= 1) return null;
  return (
    <nav className="pagination-nav" aria-label={label}>
      {pagination.previous ? (
        <a className="pagination-link pagination-prev" href={pagination.previous}>
          <span className="pagination-title">« Newer entries</span>
        </a>
      ) : (
        <span />
      )}
      <span className="pagination-count">
        Page {pagination.page} of {pagination.totalPages}
      </span>
      {pagination.next ? (
        <a className="pagination-link pagination-next" href={pagination.next}>
          <span className="pagination-title">Older entries »</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
