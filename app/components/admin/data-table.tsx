/**
 * A back-office table: it scrolls sideways on a narrow screen (a named
 * region), says what it holds in a caption for screen readers, and heads
 * its columns. The rows are the page's.
 */
import type { ReactNode } from "react";
import { HeaderRow, ScrollingTable } from "./staff-ui.tsx";

export function StaffTable({
  label,
  caption = label,
  headings,
  className,
  id,
  children,
}: {
  /** The scrolling region's name. */
  label: string;
  /** What the table holds (the label unless said). */
  caption?: ReactNode;
  headings: readonly string[];
  /** The table's classes (its minimum width, its margin). */
  className: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <ScrollingTable label={label}>
      <table id={id} className={`w-full border-collapse text-left text-sm ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <HeaderRow headings={headings} />
        <tbody>{children}</tbody>
      </table>
    </ScrollingTable>
  );
}

/** A cell of two lines: what it is, and a detail in grey under it (a person and their e-mail, a course and its session). */
export function TwoLineCell({
  first,
  second,
  breakAll = false,
}: {
  first: ReactNode;
  second: ReactNode;
  breakAll?: boolean;
}) {
  return (
    <td className={`py-2 pr-3${breakAll ? " break-all" : ""}`}>
      {first}
      <span className="block text-slate-700">{second}</span>
    </td>
  );
}

/** One row of a count table: what is counted, and its figures in column order. */
export type CountRow = { key: string; heading: ReactNode; figures: readonly number[] };

/**
 * A table of figures (the overview's leads, the site's content): a heading
 * cell per row and its counts right-aligned, one column per heading after
 * the first.
 */
export function CountTable({
  label,
  headings,
  rows,
}: {
  label: string;
  headings: readonly string[];
  rows: readonly CountRow[];
}) {
  return (
    <StaffTable label={label} headings={headings} className="min-w-md [&_thead_th:not(:first-child)]:text-right">
      {rows.map((row) => (
        <tr key={row.key} className="border-b border-slate-300">
          <th scope="row" className="py-2 pr-3 font-semibold">
            {row.heading}
          </th>
          {row.figures.map((figure, i) => (
            <td key={headings[i + 1]} className="py-2 pr-3 text-right tabular-nums last:pr-0">
              {figure}
            </td>
          ))}
        </tr>
      ))}
    </StaffTable>
  );
}
