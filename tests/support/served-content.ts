/**
 * Vitest set-up (vitest.config.ts `setupFiles`): test files share worker
 * processes and their loaded modules (`isolate: false`), and the catalogue
 * the site serves is one per process (app/content/index.server.ts). A data
 * test that starts the site's content serves what its database published,
 * with its redirects and publish times; after each test file this puts back
 * the release's, so that no file reads what another one published, whatever
 * worker and order the files run in.
 */
import { afterAll } from "vitest";
import { buildCatalogue, serveCatalogue, servedContentVersion } from "~/content/index.server.ts";
import { serveRedirects } from "~/content/redirects.server.ts";
import { servePublishedTimes } from "~/content/site-map.server.ts";

/** Built once per worker (this module is loaded once per worker). */
const release = buildCatalogue();

afterAll(() => {
  if (servedContentVersion() !== 0) serveCatalogue(release, 0);
  serveRedirects([]);
  servePublishedTimes([]);
});
