/**
 * The islands (ADR 090): each has its entry, `app/islands/<name>.island.tsx`,
 * built on its own (vite.config.ts) and fetched only when it wakes.
 */
export const islandNames = ["newsletter", "exit-intent", "contact", "guide", "resource", "webinar"] as const;
export type IslandName = (typeof islandNames)[number];

/** The wrapper's attribute naming its island. */
export const ISLAND_ATTRIBUTE = "data-island";
/** The wrapper's attribute carrying its props (JSON). */
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
/** The attribute the loader sets on a wrapper once its island has hydrated. */
export const ISLAND_AWAKE_ATTRIBUTE = "data-island-awake";
