import { Link } from "react-router";
import { EmailUs, NewsletterLinkAnswer, type LinkPage } from "~/components/newsletter-link-page.tsx";
import { servicesContext } from "~/services.ts";
import { seo } from "~/seo/meta.ts";
import { type LinkOutcome, newsletterLinkAction, newsletterLinkLoader } from "~/leads/newsletter-link.server.ts";
import type { ConfirmOutcome } from "~/leads/types.ts";
import type { Route } from "./+types/newsletter-confirm";

/**
 * The link in the confirmation e-mail: /newsletter/confirm?token=...
 *
 * Opening the link changes nothing (mail scanners and link previews fetch
 * every link in an e-mail): the page shows a button, and only the POST it
 * sends confirms the subscription.
 */

type Outcome = LinkOutcome<ConfirmOutcome>;

export const loader = ({ request }: Route.LoaderArgs) => newsletterLinkLoader(request);

export const action = ({ request, context }: Route.ActionArgs) =>
  newsletterLinkAction(
    request,
    (token) => context.get(servicesContext).leads.confirmNewsletter(token),
    "Could not confirm a newsletter subscription",
    context,
  );

export function meta() {
  return seo({
    title: "Confirm your newsletter subscription",
    description: "Confirm your subscription to the Meridian Executive Training newsletter.",
    path: "/newsletter/confirm",
    noindex: true,
  });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkAnswer token={loaderData.token} actionData={actionData} page={page} />;
}

const page: LinkPage<Outcome> = {
  id: "newsletter-confirm-title",
  button: { label: "Confirm my subscription", busyLabel: "Confirming…" },
  notFound: (
    <p>
      You can{" "}
      <Link to="/newsletter" className="font-semibold text-navy-800 underline underline-offset-4">
        sign up to the newsletter again
      </Link>
      ; we will send you a new confirmation e-mail.
    </p>
  ),
  answers: (retryForm) => ({
    confirmed: {
      title: "Your subscription is confirmed",
      body: (
        <>
          <p>Thank you. You will receive our newsletter at the address you signed up with.</p>
          <p>Every newsletter has an unsubscribe link, so you can stop it whenever you like.</p>
          <BrowseLinks />
        </>
      ),
    },
    "already-confirmed": {
      title: "Your subscription is already confirmed",
      body: (
        <>
          <p>You confirmed this subscription before. There is nothing more to do.</p>
          <BrowseLinks />
        </>
      ),
    },
    unavailable: {
      title: "We could not confirm your subscription just now",
      body: (
        <>
          <p>Nothing has changed. Please try again in a few minutes.</p>
          <p>
            If it keeps failing, e-mail us at <EmailUs /> and we will confirm it for you.
          </p>
          {retryForm}
        </>
      ),
    },
    ask: {
      title: "Confirm your newsletter subscription",
      body: (
        <>
          <p>Please press the button to confirm that you want to receive our newsletter.</p>
          <p>Until you confirm, we send you nothing else. You can unsubscribe at any time.</p>
          {retryForm}
        </>
      ),
    },
  }),
};

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
