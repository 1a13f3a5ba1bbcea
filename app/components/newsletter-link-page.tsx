import { useEffect, useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/**
 * The page behind a link in a newsletter e-mail: a title and a body. After
 * the visitor presses the button, the outcome replaces the page and focus
 * moves to its title.
 */
export function NewsletterLinkPage({
  id,
  title,
  actionData,
  children,
}: {
  /** Id of the title (the section is labelled by it). */
  id: string;
  title: string;
  actionData: unknown;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstActionData = useRef(actionData);
  useEffect(() => {
    if (actionData && actionData !== firstActionData.current) headingRef.current?.focus();
  }, [actionData]);

  return (
    <section className="container-page py-16 lg:py-24" aria-labelledby={id}>
      <p className="eyebrow">Newsletter</p>
      <h1
        id={id}
        ref={headingRef}
        tabIndex={-1}
        className="mt-3 text-4xl font-bold tracking-tight text-navy-900 focus:outline-none"
      >
        {title}
      </h1>
      <div className="mt-6 max-w-prose space-y-4 text-lg text-slate-700">{children}</div>
    </section>
  );
}

/** The button that acts on the link (a POST carrying the token); none without a token. */
export function NewsletterLinkButton({
  token,
  label,
  busyLabel,
}: {
  token: string | null;
  label: string;
  busyLabel: string;
}) {
  const submitting = useNavigation().state === "submitting";
  if (!token) return null;
  return (
    <Form method="post" className="mt-8">
      <input type="hidden" name="token" value={token} />
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? busyLabel : label}
      </button>
    </Form>
  );
}
