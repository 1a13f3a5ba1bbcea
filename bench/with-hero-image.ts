/**
 * The production server with a picture in the home page's hero, for the
 * Lighthouse bench (ADR 049: LCP at most 1.5 s with an image in the hero):
 *
 *   npm run bench -- --only / --no-build --server-cmd "node bench/with-hero-image.ts" --out lighthouse-hero
 *
 * Seeds DATA_DIR's database (bench/hero-image-seed.ts, loaded through Vite
 * for app/'s `~/` imports), then starts server/index.ts as the bench would.
 */
import path from "node:path";
import { createServer } from "vite";
import type * as Seed from "./hero-image-seed.ts";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is not set");
const vite = await createServer({
  configFile: false,
  root,
  logLevel: "error",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, watch: null },
  resolve: { alias: [{ find: /^~\//, replacement: `${path.join(root, "app")}/` }] },
});
const seed = (await vite.ssrLoadModule("/bench/hero-image-seed.ts")) as typeof Seed;
const { id, bytes } = await seed.seedHeroImage(dataDir);
await vite.close();
process.stdout.write(`hero image ${id}: ${JSON.stringify(bytes)}\n`);
await import("../server/index.ts");
