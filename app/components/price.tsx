import { displayPrice } from "~/lib/money.ts";

/**
 * A list price in the visitor's currency. Both forms are in the page; the
 * page script (app/lib/page-script.server.ts) sets the visitor's currency on <html>
 * and the stylesheet shows the matching one: GBP until then, and on failure.
 */
export function Price({ gbp, className }: { gbp: number; className?: string }) {
  return (
    <span className={className} data-price="">
      <span className="price-gbp">{displayPrice(gbp, "GBP")}</span>
      <span className="price-usd">{displayPrice(gbp, "USD")}</span>
    </span>
  );
}
