import { data, Link } from "react-router";
import { EmailUs, NewsletterLinkAnswer, type LinkPage } from "~/components/newsletter-link-page.tsx";
import { servicesContext } from "~/services.ts";
import { seo } from "~/seo/meta.ts";
import { type LinkOutcome, newsletterLinkAction, newsletterLinkLoader } from "~/leads/newsletter-link.server.ts";
import type { ConfirmOutcome, UnsubscribeOutcome } from "~/leads/types.ts";
import type { Route } from "./+types/newsletter-link";

/**
 * The two links in newsletter e-mails, one module (see app/routes.ts):
 * /newsletter/confirm?token=... in the confirmation e-mail, and
 * /newsletter/unsubscribe?token=... in every newsletter.
 *
 * Opening a link changes nothing (mail scanners and link previews fetch
 * every link in an e-mail): the page shows a button, and only the POST it
 * sends acts. The unsubscribe address also takes RFC 8058 one-click POSTs
 * from mail programs (body List-Unsubscribe=One-Click, token in the address).
 *
 * Which link it is comes from the router's `url` (the page's address, also
 * for the `.data` requests of a hydrated page), as in ./legal.tsx.
 */
const links = {
  confirm: {
    path: "/newsletter/confirm",
    title: "Confirm your newsletter subscription",
    description: "Confirm your subscription to the Meridian Executive Training newsletter.",
  },
  unsubscribe: {
    path: "/newsletter/unsubscribe",
    title: "Unsubscribe from the newsletter",
    description: "Stop receiving the Meridian Executive Training newsletter.",
  },
} as const;
type LinkName = keyof typeof links;

function linkAt(url: URL): LinkName {
  const path = url.pathname.replace(/(.)\/+$/, "$1");
  const link = (Object.keys(links) as LinkName[]).find((name) => links[name].path === path);
  if (!link) throw data(null, { status: 404 });
  return link;
}

export const loader = ({ request, url }: Route.LoaderArgs) => newsletterLinkLoader(request, linkAt(url));

export const action = ({ request, url, context }: Route.ActionArgs) => {
  const leads = () => context.get(servicesContext).leads;
  return linkAt(url) === "confirm"
    ? newsletterLinkAction(
        request,
        (token) => leads().confirmNewsletter(token),
        "Could not confirm a newsletter subscription",
        context,
      )
    : newsletterLinkAction(
        request,
        (token) => leads().unsubscribeNewsletter(token),
        "Could not unsubscribe from the newsletter",
        context,
      );
};

export function meta({ loaderData }: Route.MetaArgs) {
  return seo({ ...links[loaderData.link], noindex: true });
}

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  const page = pages[loaderData.link] as LinkPage<string>;
  return <NewsletterLinkAnswer token={loaderData.token} actionData={actionData} page={page} />;
}

const linkClass = "font-semibold text-navy-800 underline underline-offset-4";

const confirmPage: LinkPage<LinkOutcome<ConfirmOutcome>> = {
  id: "newsletter-confirm-title",
  button: { label: "Confirm my subscription", busyLabel: "Confirming…" },
  notFound: (
    <p>
      You can{" "}
      <Link to="/newsletter" className={linkClass}>
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

const unsubscribePage: LinkPage<LinkOutcome<UnsubscribeOutcome>> = {
  id: "newsletter-unsubscribe-title",
  button: { label: "Unsubscribe", busyLabel: "Unsubscribing…" },
  notFound: (
    <>
      <p>
        If you still receive our newsletter, use the unsubscribe link in the latest one, or e-mail us at <EmailUs /> and
        we will remove you by hand.
      </p>
      <p>
        <Link to="/newsletter" className={linkClass}>
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
            <Link to="/newsletter" className={linkClass}>
              sign up again
            </Link>{" "}
            at any time.
          </p>
        </>
      ),
    },
    "already-unsubscribed": {
      title: "You are already unsubscribed",
      body: <p>This address was unsubscribed before. We do not send it our newsletter.</p>,
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

const pages = { confirm: confirmPage, unsubscribe: unsubscribePage };

function BrowseLinks() {
  return (
    <p>
      <Link to="/training" className={linkClass}>
        Browse our training courses
      </Link>{" "}
      or{" "}
      <Link to="/resources" className={linkClass}>
        read our latest articles
      </Link>
      .
    </p>
  );
}
