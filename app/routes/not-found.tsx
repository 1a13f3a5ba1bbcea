import { data } from "react-router";
import { NotFoundContent } from "~/components/not-found-content.tsx";
import { seo } from "~/seo/meta.ts";
import type { Route } from "./+types/not-found";
import { islandsOnly } from "~/page-script/hydration.ts";

/** No React Router: its islands (the footer's sign-up, the exit popup) wake on their own (ADR 090). */
export const handle = islandsOnly;

// Any path no other route matches: a real 404 status, not a soft 404.
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ location }: Route.MetaArgs) {
  return seo({
    title: "Page Not Found",
    description:
      "The page you were looking for could not be found. Browse our training courses, consulting and resources.",
    path: location.pathname,
    noindex: true,
  });
}

export default function NotFound() {
  return <NotFoundContent />;
}
