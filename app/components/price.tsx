import { displayPrice } from "~/lib/money.ts";
import { useCurrency } from "~/lib/use-currency.ts";

/** A list price in the visitor's currency (GBP until detection answers). */
export function Price({ gbp, className }: { gbp: number; className?: string }) {
  const currency = useCurrency();
  return (
    <span className={className} data-currency={currency}>
      {displayPrice(gbp, currency)}
    </span>
  );
}
