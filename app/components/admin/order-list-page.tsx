/**
 * A back-office list of one kind of order (the consultation, course
 * bookings): what it holds and its CSV, the table of the page's rows
 * newest first (each opening with when it was made), or what to say when
 * there are none, and the keyset pages under it.
 */
import type { ReactNode } from "react";
import { StaffTable } from "./data-table.tsx";
import { KeysetPages } from "./keyset-pages.tsx";
import { StaffPage, Time } from "./staff-ui.tsx";

export function OrderListPage<Row extends { id: string; createdAt: string }>({
  title,
  about,
  address,
  empty,
  label,
  headings,
  page,
  cells,
}: {
  title: string;
  /** One sentence: what the list holds. */
  about: string;
  /** The list's address; its CSV is the same with `.csv`. */
  address: string;
  /** What the page says when there is nothing to list. */
  empty: string;
  /** The table's name ("…, newest first"). */
  label: string;
  /** The columns' headings, the first the time the order was made. */
  headings: readonly string[];
  /** The page's rows, whether it follows another, and the next one's cursor. */
  page: { rows: Row[]; paged: boolean; next: string | null };
  /** A row's cells after its time. */
  cells: (row: Row) => ReactNode;
}) {
  return (
    <StaffPage
      title={title}
      intro={
        <p>
          {about}{" "}
          <a href={`${address}.csv`} download className="font-semibold text-navy-800 underline">
            Download all (CSV)
          </a>
        </p>
      }
    >
      {page.rows.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <StaffTable label={label} headings={headings} className="min-w-3xl">
          {page.rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-300 align-top">
              <td className="py-2 pr-3 whitespace-nowrap">
                <Time iso={row.createdAt} />
              </td>
              {cells(row)}
            </tr>
          ))}
        </StaffTable>
      )}
      <KeysetPages first={address} paged={page.paged} next={page.next} />
    </StaffPage>
  );
}
