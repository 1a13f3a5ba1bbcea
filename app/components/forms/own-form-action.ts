import { useLocation } from "react-router";

/**
 * Where a page's form posts without JavaScript: the page's own address
 * without a trailing slash, with its query (a prerendered page would
 * otherwise post to "/page/", which the server records as the source page
 * "/page/_").
 */
export function useOwnFormAction(): string {
  const { pathname, search } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return `${path}${search}`;
}
