import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { organisation } from "~/content/organisation.ts";
import { servicesContext } from "~/lib/request-context.ts";
import { seo } from "~/lib/seo.ts";
import type { UnsubscribeOutcome } from "~/leads/types.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

/**
 * The unsubscribe link in every newsletter e-mail:
 * /newsletter/unsubscribe?token=...
 *
 * Opening the link changes nothing (mail scanners and link previews fetch
 * every link in an e-mail): the page shows a button, and only the POST it
 * sends unsubscribes. The same address takes RFC 8058 one-click POSTs from
 * mail programs (body List-Unsubscribe=One-Click, token in the address).
 */

/** Longest token we accept; anything longer is not one of ours. */
const maxTokenLength = 256;

function readToken(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const token = value.trim();
  return token.length > 0 && token.length <= maxTokenLength ? token : null;
}

type Outcome = UnsubscribeOutcome | "invalid" | "unavailable";

export function loader({ request }: Route.LoaderArgs) {
  const token = readToken(new URL(request.url).searchParams.get("token"));
  return data({ token }, { status: token ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  let fromForm: FormDataEntryValue | null = null;
  try {
    fromForm = (await request.formData()).get("token");
  } catch {
    // No form body: the token is in the address (as in one-click POSTs).
  }
  const token = readToken(fromForm ?? new URL(request.url).searchParams.get("token"));
  if (!token) return data({ outcome: "invalid" as Outcome }, { status: 400 });
  try {
    const outcome: Outcome = await context.get(servicesContext).leads.unsubscribeNewsletter(token);
    return data({ outcome }, { status: outcome === "unknown" ? 404 : 200 });
  } catch (error) {
    console.error("Could not unsubscribe from the newsletter", error);
    return data({ outcome: "unavailable" as Outcome }, { status: 503 });
  }
}

export function meta() {
  return seo({
    title: "Unsubscribe from the newsletter",
    description: "Stop receiving the Meridian Executive Training newsletter.",
    path: "/newsletter/unsubscribe",
    noindex: true,
  });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const outcome: Outcome | undefined = actionData?.outcome ?? (loaderData.token ? undefined : "invalid");
  const submitting = useNavigation().state === "submitting";
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstActionData = useRef(actionData);

  // After the button is pressed, the outcome replaces the page: move focus to it.
  useEffect(() => {
    if (actionData && actionData !== firstActionData.current) headingRef.current?.focus();
  }, [actionData]);

  const retryForm = loaderData.token && (
    <Form method="post" className="mt-8">
      <input type="hidden" name="token" value={loaderData.token} />
      <button type="submit" className="btn-primary" disabled={submitting}>
        {submitting ? "Unsubscribing…" : "Unsubscribe"}
      </button>
    </Form>
  );

  let title: string;
  let body: ReactNode;
  switch (outcome) {
    case "unsubscribed":
      title = "You have been unsubscribed";
      body = (
        <>
          <p>We will not send you our newsletter again.</p>
          <p>
            If this was a mistake, you can{" "}
            <Link to="/newsletter" className="font-semibold text-navy-800 underline underline-offset-4">
              sign up again
            </Link>{" "}
            at any time.
          </p>
        </>
      );
      break;
    case "already-unsubscribed":
      title = "You are already unsubscribed";
      body = (
        <>
          <p>This address was unsubscribed before. We do not send it our newsletter.</p>
        </>
      );
      break;
    case "unknown":
    case "invalid":
      title = "This link is not valid or has expired";
      body = (
        <>
          <p>
            We could not find a subscription for this link. It may be incomplete (some e-mail programs split long
            links), or the subscription may have been removed.
          </p>
          <p>
            If you still receive our newsletter, use the unsubscribe link in the latest one, or e-mail us at{" "}
            <a className="font-semibold text-navy-800 underline underline-offset-4" href={`mailto:${organisation.email}`}>
              {organisation.email}
            </a>{" "}
            and we will remove you by hand.
          </p>
          <p>
            <Link to="/newsletter" className="font-semibold text-navy-800 underline underline-offset-4">
              About our newsletter
            </Link>
          </p>
        </>
      );
      break;
    case "unavailable":
      title = "We could not unsubscribe you just now";
      body = (
        <>
          <p>Nothing has changed yet. Please try again in a few minutes.</p>
          <p>
            If it keeps failing, e-mail us at{" "}
            <a className="font-semibold text-navy-800 underline underline-offset-4" href={`mailto:${organisation.email}`}>
              {organisation.email}
            </a>{" "}
            and we will unsubscribe you by hand.
          </p>
          {retryForm}
        </>
      );
      break;
    default:
      title = "Unsubscribe from our newsletter";
      body = (
        <>
          <p>Please press the button to stop receiving our newsletter. You can sign up again at any time.</p>
          {retryForm}
        </>
      );
  }

  return (
    <section className="container-page py-16 lg:py-24" aria-labelledby="newsletter-unsubscribe-title">
      <p className="eyebrow">Newsletter</p>
      <h1
        id="newsletter-unsubscribe-title"
        ref={headingRef}
        tabIndex={-1}
        className="mt-3 text-4xl font-bold tracking-tight text-navy-900 focus:outline-none"
      >
        {title}
      </h1>
      <div className="mt-6 max-w-prose space-y-4 text-lg text-slate-700">
        {body}
      </div>
    </section>
  );
}
