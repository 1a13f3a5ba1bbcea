import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/content/site-map.ts";

export default {
  ssr: true,
  // Pages whose HTML is the same for every visitor are rendered once at build
  // time; the production server serves them as files (server/static.ts).
  prerender: prerenderedPaths,
} satisfies Config;
