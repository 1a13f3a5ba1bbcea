/**
 * The site's icons: Lucide's drawings, taken as plain data from the `lucide`
 * package (`import { Menu } from "lucide"`), drawn by this one small
 * component: `<Icon drawing={Menu} className="size-5" />`. lucide-react's
 * runtime (context, sizes, stroke scaling, class names: nothing the site
 * uses) cost about 2 KB compressed on every page that starts React (ADR 032).
 * Every icon on the site is decorative: hidden from assistive technology,
 * with the text beside it saying what it means.
 */
import { createElement, type SVGProps } from "react";
import type { IconNode } from "lucide";

export type Drawing = IconNode;

export function Icon({ drawing, className, ...props }: { drawing: Drawing } & SVGProps<SVGSVGElement>) {
  // How Lucide draws (no fill, a 2-pixel round stroke in the text's colour) is the `icon` class's
  // (app.css), written once in the stylesheet instead of on each of a page's icons (ADR 089).
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className ? `icon ${className}` : "icon"}
      {...props}
    >
      {drawing.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }))}
    </svg>
  );
}
