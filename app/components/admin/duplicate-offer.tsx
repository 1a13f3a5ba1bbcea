/**
 * On an item's editor page (content-item.tsx): the link that makes a new
 * draft from it ("Add the next date" for a course date, "Duplicate" for
 * any other kind that takes new items; none for a fixed kind), and, on the
 * draft it made (`?made=`), what was made (docs/decisions/067-duplicate-and-next-date.md).
 */
import { Link, useSearchParams } from "react-router";
import { addDays, dateInWords } from "~/publishing/duplicate-rules.ts";
import { Notice } from "./staff-ui.tsx";

export function DuplicateOffer({
  type,
  itemKey,
  fixed,
  status,
  quiet,
}: {
  type: string;
  itemKey: string;
  fixed: boolean;
  status: string;
  /** Another answer is shown (after a save or a publish): no notice of the copy. */
  quiet: boolean;
}) {
  const [query] = useSearchParams();
  const made = status === "draft" && !quiet ? query.get("made") : null;
  const starts = query.get("starts") ?? "";
  const runs = /^\d{4}-\d{2}-\d{2}$/.test(starts)
    ? ` It runs ${dateInWords(starts)} to ${dateInWords(addDays(starts, 4))}.`
    : "";
  const notice =
    made === "next-date"
      ? `The new course date is saved as a draft, with the course, venue, format, hours, capacity and price of the one it was made from.${runs} Nothing is on the site, and no places are offered, until you publish it.`
      : made === "copy"
        ? "The copy is saved as a draft: change what differs, then publish it. Nothing is on the site until you do."
        : undefined;
  return (
    <>
      <Notice>{notice}</Notice>
      {!fixed && (
        <p className="mb-6">
          <Link to={`/admin/content/${type}/${itemKey}/duplicate`} className="btn-outline inline-flex min-h-11">
            {type === "session" ? "Add the next date" : "Duplicate"}
          </Link>
        </p>
      )}
    </>
  );
}
