import Link from "next/link";

/**
 * Previous / next links that keep the other query parameters. Several lists on one
 * page each name their own navigation (`label`) so screen readers tell them apart.
 */
export function Pagination({
  page,
  pageCount,
  href,
  label = "Pages",
  testId,
  scroll,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
  testId?: string;
  /** false: stay where the list is (links that end in #anchor scroll to it anyway). */
  scroll?: boolean;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4 text-sm" data-testid={testId}>
      {page > 1 ? (
        <Link className="btn-secondary" href={href(page - 1)} rel="prev" scroll={scroll}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link className="btn-secondary" href={href(page + 1)} rel="next" scroll={scroll}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
