/**
 * A shaded panel of label/value rows with a gold edge, kept whole on one
 * page: the brochure's facts and contact panels, the guide's next steps.
 */
import type { RGB } from "pdf-lib";
import type { Composer } from "~/pdf/pdf-composer.server.ts";
import { colors, type Style } from "~/pdf/pdf-text.server.ts";

export interface PanelRow {
  label: string;
  value: string;
  /** Makes the value a link to this URI. */
  href?: string;
}

export interface PanelLook {
  padding: number;
  labelWidth: number;
  label: Style;
  value: Style;
  fill: RGB;
  title?: { text: string; style: Style };
  note?: { text: string; style: Style };
}

const rowGap = 5;

/** Shades a panel of this height at the cursor, with its gold left edge; returns the panel's top. */
export function panelBox(c: Composer, height: number, fill: RGB): number {
  const top = c.y;
  c.page.drawRectangle({ x: c.marginX, y: top - height, width: c.contentWidth, height, color: fill });
  c.page.drawRectangle({ x: c.marginX, y: top - height, width: 3, height, color: colors.gold });
  return top;
}

/** The panel's height, and a function that draws it at the cursor (the cursor ends below it). */
export function rowPanel(c: Composer, rows: PanelRow[], look: PanelLook): { height: number; draw: () => void } {
  const { padding, labelWidth, label, value, title, note } = look;
  const valueWidth = c.contentWidth - 2 * padding - labelWidth;
  const wrapped = rows.map((row) => c.wrap(row.value, value, valueWidth));
  const noteLines = note ? c.wrap(note.text, note.style, c.contentWidth - 2 * padding) : [];
  const height =
    2 * padding +
    (title ? title.style.leading + 4 : 0) +
    wrapped.reduce((sum, lines) => sum + Math.max(lines.length, 1) * value.leading + rowGap, -rowGap) +
    (note && noteLines.length ? 8 + noteLines.length * note.style.leading : 0);

  const draw = () => {
    const top = panelBox(c, height, look.fill);
    let y = top - padding;
    const x = c.marginX + padding;
    if (title) {
      c.drawLine(title.text, x, y - title.style.size, title.style);
      y -= title.style.leading + 4;
    }
    rows.forEach((row, index) => {
      const lines = wrapped[index] ?? [];
      c.drawLine(row.label.toUpperCase(), x, y - value.size, label);
      lines.forEach((line, lineIndex) => {
        const baseline = y - value.size - lineIndex * value.leading;
        c.drawLine(line, x + labelWidth, baseline, value);
        if (row.href) c.link(row.href, x + labelWidth, baseline - 3, c.width(line, value), value.size + 5);
      });
      y -= Math.max(lines.length, 1) * value.leading + rowGap;
    });
    if (note && noteLines.length) {
      y -= 8 - rowGap;
      for (const line of noteLines) {
        c.drawLine(line, x, y - note.style.size, note.style);
        y -= note.style.leading;
      }
    }
    c.y = top - height;
  };
  return { height, draw };
}
