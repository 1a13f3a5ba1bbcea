/** The links under a list read a page at a time (newest first, by keyset): back to the newest page, and on to the next. */
import { Link } from "react-router";

export function KeysetPages({ first, paged, next }: { first: string; paged: boolean; next: string | null }) {
  return (
    <nav aria-label="Pages" className="mt-6 flex gap-6">
      {paged && (
        <Link to={first} className="font-semibold text-navy-800 underline">
          Newest page
        </Link>
      )}
      {next && (
        <Link to={`?after=${encodeURIComponent(next)}`} className="font-semibold text-navy-800 underline">
          Next page
        </Link>
      )}
    </nav>
  );
}
