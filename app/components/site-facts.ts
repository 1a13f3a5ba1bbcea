import { useRouteLoaderData } from "react-router";
import { releaseSiteFacts, type SiteFacts } from "~/content/site-facts.ts";

/**
 * The published site facts (contact details, figures, delivery options), as
 * the root loader sends them to every page; the release's before any loader
 * ran (an error page outside the root's data).
 */
export function useSiteFacts(): SiteFacts {
  const root = useRouteLoaderData("root") as { facts?: SiteFacts } | undefined;
  return root?.facts ?? (releaseSiteFacts as SiteFacts);
}
