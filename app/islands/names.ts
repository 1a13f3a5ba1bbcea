/**
 * The islands (ADR 090): each has its entry, `app/islands/<name>.island.tsx`,
 * built on its own (vite.config.ts) and fetched only when it wakes.
 */
export const islandNames = [
  "newsletter",
  "exit-intent",
  "contact",
  "guide",
  "resource",
  "webinar",
  "payment",
  "booking-payment",
  "toaster",
] as const;
export type IslandName = (typeof islandNames)[number];

/** The wrapper's attribute naming its island. */
export const ISLAND_ATTRIBUTE = "data-island";
/** The wrapper's attribute carrying its props (JSON). */
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
/** The attribute the loader sets on a wrapper once its island has hydrated. */
export const ISLAND_AWAKE_ATTRIBUTE = "data-island-awake";
/**
 * The wrapper's attribute saying when its island wakes besides focus (ADR 093):
 * `at-load` (a payment's card step, which the visitor needs at once), or
 * `stored:<key>` (when sessionStorage holds `key`: a toast carried to this page).
 */
export const ISLAND_WAKE_ATTRIBUTE = "data-island-wake";

/** When an island wakes besides focus: at load, or when sessionStorage holds a key. */
export type IslandWake = "at-load" | { ifStored: string };

/** The attribute's prefix before a sessionStorage key (read by the islands loader too). */
export const ISLAND_WAKE_STORED_PREFIX = "stored:";

export function islandWakeValue(wake: IslandWake): string {
  return wake === "at-load" ? "at-load" : `${ISLAND_WAKE_STORED_PREFIX}${wake.ifStored}`;
}
