import { useEffect, useRef, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useSiteFacts } from "~/components/site-facts.ts";

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

/** What the page says: a title and a body. */
export type LinkAnswer = { title: string; body: ReactNode };

/** One link's page: its title's id, its button, and what it says for each outcome. */
export type LinkPage<O extends string> = {
  id: string;
  button: { label: string; busyLabel: string };
  /** After "we could not find a subscription", for an unknown link or none. */
  notFound: ReactNode;
  /** Given the button, for the pages that offer it again. "ask": the page that offers it first. */
  answers: (retryForm: ReactNode) => Record<Exclude<O, "unknown" | "invalid"> | "ask", LinkAnswer>;
};

/**
 * The page for a link's outcome: what the action answered, "invalid"
 * without a token, else "ask" (the page that offers the button).
 */
export function NewsletterLinkAnswer<O extends string>({
  token,
  actionData,
  page,
}: {
  token: string | null;
  actionData: { outcome: O } | undefined;
  page: LinkPage<O>;
}) {
  const outcome = actionData?.outcome ?? (token ? "ask" : "invalid");
  const { title, body } =
    outcome === "unknown" || outcome === "invalid"
      ? {
          title: "This link is not valid or has expired",
          body: (
            <>
              <LinkNotFound />
              {page.notFound}
            </>
          ),
        }
      : page.answers(<NewsletterLinkButton token={token} {...page.button} />)[
          outcome as Exclude<O, "unknown" | "invalid"> | "ask"
        ];
  return (
    <NewsletterLinkPage id={page.id} title={title} actionData={actionData}>
      {body}
    </NewsletterLinkPage>
  );
}

/** Why a link finds nothing. */
function LinkNotFound() {
  return (
    <p>
      We could not find a subscription for this link. It may be incomplete (some e-mail programs split long links), or
      the subscription may have been removed.
    </p>
  );
}

/** The organisation's address as a mailto link. */
export function EmailUs() {
  const { contact } = useSiteFacts();
  return (
    <a className="font-semibold text-navy-800 underline underline-offset-4" href={`mailto:${contact.email}`}>
      {contact.email}
    </a>
  );
}
