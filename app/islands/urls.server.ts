import type { IslandName } from "./names.ts";

/**
 * Where each island's entry is fetched from. Filled in by the islands plugin
 * (vite.config.ts): in a build, the built entries under /assets/islands/; in
 * development, entries the dev server compiles. Empty outside Vite (unit
 * tests, scripts): no island wakes there.
 */
export const islandUrls: Partial<Record<IslandName, string>> = {};
