import { useEffect, useRef, type ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { organisation } from "~/content/organisation.ts";
import { servicesContext } from "~/lib/request-context.ts";
import { seo } from "~/lib/seo.ts";
import type { ConfirmOutcome } from "~/leads/types.ts";
import type { Route } from "./+types/newsletter-confirm";

/**
 * The link in the confirmation e-mail: /newsletter/confirm?token=...
 *
 * Opening the link changes nothing (mail scanners and link previews fetch
 * every link in an e-mail): the page shows a button, and only the POST it
 * sends confirms the subscription.
 */

/** Longest token we accept; anything longer is not one of ours. */
const maxTokenLength = 256;

function readToken(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const token = value.trim();
  return token.length > 0 && token.length <= maxTokenLength ? token : null;
}

type Outcome = ConfirmOutcome | "invalid" | "unavailable";

export function loader({ request }: Route.LoaderArgs) {
  const token = readToken(new URL(request.url).searchParams.get("token"));
  return data({ token }, { status: token ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  let fromForm: FormDataEntryValue | null = null;
  try {
    fromForm = (await request.formData()).get("token");
  } catch {
    // No form body: the token may still be in the address.
  }
  const token = readToken(fromForm ?? new URL(request.url).searchParams.get("token"));
  if (!token) return data({ outcome: "invalid" as Outcome }, { status: 400 });
  try {
    const outcome: Outcome = await context.get(servicesContext).leads.confirmNewsletter(token);
    return data({ outcome }, { status: outcome === "unknown" ? 404 : 200 });
  } catch (error) {
    console.error("Could not confirm a newsletter subscription", error);
    return data({ outcome: "unavailable" as Outcome }, { status: 503 });
  }
}

export function meta() {
  return seo({
    title: "Confirm your newsletter subscription",
    description: "Confirm your subscription to the Meridian Executive Training newsletter.",
    path: "/newsletter/confirm",
    noindex: true,
  });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
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
        {submitting ? "Confirming…" : "Confirm my subscription"}
      </button>
    </Form>
  );

  let title: string;
  let body: ReactNode;
  switch (outcome) {
    case "confirmed":
      title = "Your subscription is confirmed";
      body = (
        <>
          <p>Thank you. You will receive our newsletter at the address you signed up with.</p>
          <p>Every newsletter has an unsubscribe link, so you can stop it whenever you like.</p>
          <BrowseLinks />
        </>
      );
      break;
    case "already-confirmed":
      title = "Your subscription is already confirmed";
      body = (
        <>
          <p>You confirmed this subscription before. There is nothing more to do.</p>
          <BrowseLinks />
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
            You can{" "}
            <Link to="/newsletter" className="font-semibold text-navy-800 underline underline-offset-4">
              sign up to the newsletter again
            </Link>
            ; we will send you a new confirmation e-mail.
          </p>
        </>
      );
      break;
    case "unavailable":
      title = "We could not confirm your subscription just now";
      body = (
        <>
          <p>Nothing has changed. Please try again in a few minutes.</p>
          <p>
            If it keeps failing, e-mail us at{" "}
            <a className="font-semibold text-navy-800 underline underline-offset-4" href={`mailto:${organisation.email}`}>
              {organisation.email}
            </a>{" "}
            and we will confirm it for you.
          </p>
          {retryForm}
        </>
      );
      break;
    default:
      title = "Confirm your newsletter subscription";
      body = (
        <>
          <p>Please press the button to confirm that you want to receive our newsletter.</p>
          <p>Until you confirm, we send you nothing else. You can unsubscribe at any time.</p>
          {retryForm}
        </>
      );
  }

  return (
    <section className="container-page py-16 lg:py-24" aria-labelledby="newsletter-confirm-title">
      <p className="eyebrow">Newsletter</p>
      <h1
        id="newsletter-confirm-title"
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

function BrowseLinks() {
  return (
    <p>
      <Link to="/training" className="font-semibold text-navy-800 underline underline-offset-4">
        Browse our training courses
      </Link>{" "}
      or{" "}
      <Link to="/resources" className="font-semibold text-navy-800 underline underline-offset-4">
        read our latest articles
      </Link>
      .
    </p>
  );
}
