/** The page's frame: its hero, its sections and the breadcrumb trail. They render data; they hold no copy of their own. */
import type { ReactNode } from "react";
import { Link } from "react-router";

export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  aside,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
  /** The hero's right half on wide screens (a picture), under the text on narrow ones. */
  aside?: ReactNode;
}) {
  const text = (
    <>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{eyebrow}</p>}
      <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
      {lead && <p className="mt-5 max-w-2xl text-lg leading-8 text-slate-200">{lead}</p>}
      {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
    </>
  );
  return (
    <section className="bg-navy-900 text-white">
      {aside ? (
        <div className="container-page grid items-center gap-10 py-14 lg:grid-cols-2 lg:py-20">
          <div>{text}</div>
          <div className="overflow-hidden rounded-lg">{aside}</div>
        </div>
      ) : (
        <div className="container-page py-14 lg:py-20">{text}</div>
      )}
    </section>
  );
}

export function Section({
  id,
  title,
  lead,
  eyebrow,
  tone = "white",
  lazy = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  eyebrow?: string;
  tone?: "white" | "tint";
  /** Well below the first screen of a long page: laid out only as it nears the viewport (app.css, data-lazy-render). */
  lazy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`py-14 lg:py-20 ${tone === "tint" ? "bg-navy-50" : ""}`}
      data-lazy-render={lazy ? "" : undefined}
    >
      <div className="container-page">
        <div className="max-w-3xl">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-navy-900">
            {title}
          </h2>
          {lead && <p className="mt-3 text-lg text-slate-700">{lead}</p>}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/**
 * A page of one narrow column under its hero: what a private link opens (a
 * questionnaire, a waiting list's confirmation or offer, an expired link).
 * `status` announces the column, on a page that says something is done.
 */
export function NarrowPage({
  eyebrow,
  title,
  lead,
  status = false,
  children,
}: {
  eyebrow: string;
  title: string;
  lead?: string;
  status?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} lead={lead} />
      <div className="container-page max-w-3xl py-12 lg:py-16" role={status ? "status" : undefined}>
        {children}
      </div>
    </>
  );
}

/** A page without a hero: a section titled by its h1, under an eyebrow (test screens, the 404 page). */
export function TitledPage({
  id,
  eyebrow,
  title,
  className = "container-page py-14 lg:py-20",
  children,
}: {
  /** Id of the h1 (the section is labelled by it). */
  id: string;
  eyebrow: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <p className="eyebrow">{eyebrow}</p>
      <h1 id={id} className="mt-3 text-4xl font-bold tracking-tight text-navy-900">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Paragraphs of copy, one <p> each, in a block of the given look. */
export function Paragraphs({ items, className }: { items: string[]; className: string }) {
  return (
    <div className={className}>
      {items.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}

/** A card's title: a heading whose text links to the card's page. */
export function CardTitle({
  href,
  title,
  level = 3,
  className = "mt-2 text-xl font-semibold text-navy-900",
}: {
  href: string;
  title: string;
  level?: 2 | 3;
  className?: string;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <Heading className={className}>
      <Link to={href} className="hover:underline">
        {title}
      </Link>
    </Heading>
  );
}

export function Breadcrumbs({ items }: { items: { name: string; path: string }[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-300">
      <ol className="flex flex-wrap gap-2">
        {items.map((item, i) => (
          <li key={item.path} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === items.length - 1 ? (
              <span aria-current="page" className="text-white">
                {item.name}
              </span>
            ) : (
              <Link to={item.path} className="underline-offset-4 hover:underline">
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
