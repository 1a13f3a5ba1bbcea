/**
 * The events React's components announce on document for the page script
 * (page-script.server.ts), which listens for them from the first paint.
 * Client-safe: the components import these names from here.
 */

/** Announced on document when React renders a price: the page script then asks for the visitor's country. */
export const pricesEvent = "prices";

/** Announces a booking section React has just rendered (a client-side navigation) to the page script. */
export const bookingSectionEvent = "booking-section";
