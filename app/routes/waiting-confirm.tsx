/**
 * A waiting list's confirmation link (/waiting/confirm/{token}; ADR 083),
 * e-mailed to the address a full date's waiting list form gave: the page
 * says which date, and its button (a post: a mail scanner opening the link
 * confirms nothing) puts the request on the list; opened again, the link says it is. An unknown or used link is
 * a 404 page, one past its 48 hours a 410 page. Never cached, never indexed.
 */
import { data, redirect } from "react-router";
import { NarrowPage } from "~/components/sections.tsx";
import { privateLinkHeaders, privateLinkMeta } from "~/seo/private-link.ts";
import { servicesContext } from "~/services.ts";
import type { Route } from "./+types/waiting-confirm";
import { islandsOnly } from "~/page-script/hydration.ts";

/** No React Router: its forms are plain posts that need no script (ADR 090); only the footer's sign-up and the exit popup wake, as islands. */
export const handle = islandsOnly;

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await context.get(servicesContext).courseBookings.waiting.confirmPage(params.token);
  if (!page.ok) return data({ found: null, confirmed: false }, { status: page.reason === "lapsed" ? 410 : 404 });
  return { found: { ...page.session, places: page.places }, confirmed: page.confirmed };
}

export async function action({ params, context }: Route.ActionArgs) {
  const result = await context.get(servicesContext).courseBookings.waiting.confirm(params.token);
  // Confirmed: the page, loaded again, says so.
  if (result.ok) return redirect(`/waiting/confirm/${params.token}`, 303);
  return data({ confirmed: false as const }, { status: result.reason === "lapsed" ? 410 : 404 });
}

export function headers() {
  return privateLinkHeaders();
}

export function meta() {
  return privateLinkMeta({
    title: "Join the waiting list",
    description: "Confirm your place on a waiting list.",
    path: "/waiting",
  });
}

export default function WaitingConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const found = loaderData.found;
  if (loaderData.confirmed) {
    return (
      <NarrowPage eyebrow="Waiting list" title="You are on the waiting list" status>
        <p className="text-lg text-slate-800">
          Thank you. When places free up on this date, we offer them to the list in turn: we will e-mail you if they
          come to you, and hold them for you for a short time.
        </p>
      </NarrowPage>
    );
  }
  if (!found || actionData) {
    return (
      <NarrowPage eyebrow="Waiting list" title="This link no longer works">
        <p className="text-lg text-slate-800">
          It was not confirmed within 48 hours, or it is not a link we sent. You can ask to join the waiting list again
          from the course's booking page, or{" "}
          <a className="font-semibold text-navy-800 underline" href="/contact">
            contact us
          </a>
          .
        </p>
      </NarrowPage>
    );
  }
  return (
    <NarrowPage eyebrow="Waiting list" title={found.courseTitle} lead={found.label}>
      <h2 className="text-2xl font-bold text-navy-900">Confirm your place on the waiting list</h2>
      <p className="mt-3 text-slate-800">
        You asked for {found.places} place{found.places === 1 ? "" : "s"} on this date if any become free.
      </p>
      <form method="post" className="mt-6">
        <button type="submit" className="btn btn-primary min-h-11">
          Confirm and join the waiting list
        </button>
      </form>
    </NarrowPage>
  );
}
