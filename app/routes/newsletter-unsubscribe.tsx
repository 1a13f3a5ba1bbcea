import { Link } from "react-router";
import { EmailUs, NewsletterLinkAnswer, type LinkPage } from "~/components/newsletter-link-page.tsx";
import { servicesContext } from "~/services.ts";
import { seo } from "~/seo/meta.ts";
import { type LinkOutcome, newsletterLinkAction, newsletterLinkLoader } from "~/leads/newsletter-link.server.ts";
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

type Outcome = LinkOutcome<UnsubscribeOutcome>;

export const loader = ({ request }: Route.LoaderArgs) => newsletterLinkLoader(request);

export const action = ({ request, context }: Route.ActionArgs) =>
  newsletterLinkAction(
    request,
    (token) => context.get(servicesContext).leads.unsubscribeNewsletter(token),
    "Could not unsubscribe from the newsletter",
    context,
  );

export function meta() {
  return seo({
    title: "Unsubscribe from the newsletter",
    description: "Stop receiving the Meridian Executive Training newsletter.",
    path: "/newsletter/unsubscribe",
    noindex: true,
  });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkAnswer token={loaderData.token} actionData={actionData} page={page} />;
}

const page: LinkPage<Outcome> = {
  id: "newsletter-unsubscribe-title",
  button: { label: "Unsubscribe", busyLabel: "Unsubscribing…" },
  notFound: (
    <>
      <p>
        If you still receive our newsletter, use the unsubscribe link in the latest one, or e-mail us at <EmailUs /> and
        we will remove you by hand.
      </p>
      <p>
        <Link to="/newsletter" className="font-semibold text-navy-800 underline underline-offset-4">
          About our newsletter
        </Link>
      </p>
    </>
  ),
  answers: (retryForm) => ({
    unsubscribed: {
      title: "You have been unsubscribed",
      body: (
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
      ),
    },
    "already-unsubscribed": {
      title: "You are already unsubscribed",
      body: (
        <>
          <p>This address was unsubscribed before. We do not send it our newsletter.</p>
        </>
      ),
    },
    unavailable: {
      title: "We could not unsubscribe you just now",
      body: (
        <>
          <p>Nothing has changed yet. Please try again in a few minutes.</p>
          <p>
            If it keeps failing, e-mail us at <EmailUs /> and we will unsubscribe you by hand.
          </p>
          {retryForm}
        </>
      ),
    },
    ask: {
      title: "Unsubscribe from our newsletter",
      body: (
        <>
          <p>Please press the button to stop receiving our newsletter. You can sign up again at any time.</p>
          {retryForm}
        </>
      ),
    },
  }),
};
