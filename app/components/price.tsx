import { useEffect } from "react";
import { displayPrice } from "~/lib/money.ts";

/** Announced on document when React renders a price: the page script then asks for the visitor's country. */
export const pricesEvent = "prices";

/**
 * A list price in the visitor's currency. Both forms are in the page; the
 * page script (app/lib/page-script.server.ts) sets the visitor's currency on <html>
 * and the stylesheet shows the matching one: GBP until then, and on failure.
 * The page script asks for the country only on a page with a price.
 */
export function Price({ gbp, className }: { gbp: number; className?: string }) {
  useEffect(() => {
    document.dispatchEvent(new Event(pricesEvent));
  }, []);
  return (
    <span className={className} data-price="">
      <span className="price-gbp">{displayPrice(gbp, "GBP")}</span>
      <span className="price-usd">{displayPrice(gbp, "USD")}</span>
    </span>
  );
}
