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

export function Icon({ drawing, ...props }: { drawing: Drawing } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {drawing.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }))}
    </svg>
  );
}
