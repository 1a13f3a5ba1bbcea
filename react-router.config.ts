import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/content/site-map.server.ts";
import { precompressDirectory } from "./server/static-files.ts";

export default {
  ssr: true,
  // Pages whose HTML is the same for every visitor are rendered once at build
  // time; the production server serves them from memory (server/app.ts).
  prerender: prerenderedPaths,
  // After prerendering: brotli and gzip beside every compressible file of the
  // client build, so the server never compresses them per request
  // (docs/decisions/014-precompressed-static-files.md).
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    const started = Date.now();
    const report = await precompressDirectory(clientDir);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
    viteConfig.logger.info(
      `Precompressed ${report.files} files (${kb(report.bytes)}) in ${Date.now() - started} ms: ` +
        `brotli ${kb(report.brBytes)}, gzip ${kb(report.gzipBytes)}`,
    );
  },
} satisfies Config;
