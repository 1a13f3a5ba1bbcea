/** Canonical URL paths of content pages (safe to use in components). */
import type { PillarId } from "./ids.ts";

export const coursePath = (id: string) => `/courses/${id}`;
export const pillarPath = (id: PillarId) => `/pillar/${id}`;
export const articlePath = (slug: string) => `/resources/${slug}`;
