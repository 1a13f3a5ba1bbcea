import { currencyForCountry, type Currency } from "./money.ts";
import { useResolved } from "./use-resolved.ts";

let detection: Promise<Currency> | null = null;

/** Asks the server for the visitor's country once per page load. */
export function detectCurrency(): Promise<Currency> {
  detection ??= fetch("/api/geo", { credentials: "same-origin" })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      const country = (await response.text()).trim();
      if (!/^[a-z]{2}$/i.test(country)) throw new Error(`unexpected answer "${country.slice(0, 20)}"`);
      return currencyForCountry(country);
    })
    .catch((error: unknown) => {
      console.warn("Location detection failed; prices stay in GBP.", error);
      return "GBP" as const;
    });
  return detection;
}

/** GBP while detection runs (and on failure), then the visitor's currency. */
export function useCurrency(): Currency {
  return useResolved<Currency>(detectCurrency, "GBP");
}
