import { useEffect } from "react";
import { displayPrice } from "~/format/money.ts";
import { pricesEvent } from "~/page-script/events.ts";

/**
 * A list price in the visitor's currency. Both forms are in the page; the
 * page script (app/page-script/page-script.server.ts) sets the visitor's currency on <html>
 * and the stylesheet shows the matching one: GBP until then, and on failure.
 * The page script asks for the country only on a page with a price.
 * `plusVat`: a course's price, before VAT ("£4,500 + VAT").
 */
export function Price({ gbp, plusVat, className }: { gbp: number; plusVat?: boolean; className?: string }) {
  useEffect(() => {
    document.dispatchEvent(new Event(pricesEvent));
  }, []);
  return (
    <span className={className} data-price="">
      <span className="price-gbp">{displayPrice(gbp, "GBP", { plusVat })}</span>
      <span className="price-usd">{displayPrice(gbp, "USD", { plusVat })}</span>
    </span>
  );
}
