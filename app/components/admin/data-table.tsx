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
