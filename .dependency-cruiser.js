/**
 * The layers of app/ and which may import which (docs/decisions/039-layers.md,
 * docs/architecture.md, "Layers"). `npm run lint:layers` checks them; `npm test` runs it.
 *
 * From the bottom:
 * 0. time: London time (time/london.ts), which imports nothing of app/;
 * 1. foundations: content, and pure rules and formats every layer may use;
 * 2. plumbing: configuration, database, secrets, logs and metrics, HTTP, PDF,
 *    e-mail, the scheduler and the page script; it imports no domain;
 * 3. domains: what the business does (leads, orders, and the folders that
 *    build on them), and services.ts, the app's services, which names several domains;
 * 4. components: React's page sections, and islands/ (ADR 090): the parts a
 *    page without React Router wakes on their own, whose entries must reach
 *    nothing of React Router;
 * 5. route support (route-support/): server helpers only routes use (a loader's
 *    or an action's shared part), which may import anything below them;
 * 6. routes, root.tsx and entry.server.tsx: import anything below them.
 * content/seed/ (the release's content, what an empty database is seeded
 * with) is read only by the catalogue and the store that seeds.
 * Outside app/: server/, scripts/, bench/, harness/ and tests/ may import app/,
 * never the other way round. harness/ holds what the tests and the benchmarks
 * both start (real servers, nginx, a cluster, the Stripe-shaped server,
 * Chromium, the outbox worker process; ADR 071): tests/ and bench/ may import
 * it, it imports neither, and neither imports the other.
 */

const foundations = "^app/(time|content|forms|calendar|format|seo|addresses)/";
const plumbing = "^app/(config|data|secrets|observability|http|pdf|mail|jobs|page-script)/";
const domains =
  "^app/(leads|orders|webhooks|spam|staff|inbox|analytics|retention|privacy|publishing|media|settings)/|^app/services[.]ts$";
const components = "^app/(components|islands)/";
const routeSupport = "^app/route-support/";
/** The seed and the only modules that read it: the catalogue (the release's content until the database's is read, and the build's) and the content store, which seeds an empty database (store.server.ts, or the store's files if it is split). */
const seedReaders = [
  "^app/content/seed/",
  "^app/content/index[.]server[.]ts$",
  "^app/publishing/store([.]server[.]ts$|/|-)",
];
const top = "^app/(routes/|root[.]tsx$|entry[.]server[.]tsx$|routes[.]ts$)";
/** Modules that may import server-only code: server-only modules, and route modules (the build keeps loaders and actions on the server). */
const serverSide = "[.]server[.]tsx?$|^app/routes/|^app/root[.]tsx$|^app/entry[.]server[.]tsx$|^app/routes[.]ts$";

/**
 * A rule that fails the check: its name, why it holds, and the imports it
 * forbids (from the modules `from` matches to the modules `to` matches).
 */
const forbid = (name, comment, from, to) => ({ name, severity: "error", comment, from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    forbid(
      "no-circular",
      "An import circle: two modules that need each other belong together, or what both need belongs below them.",
      {},
      { circular: true },
    ),
    // One exception: the privacy notice's table is generated from the lead
    // kinds' and order kinds' own declarations (their client-safe halves:
    // texts, notice rows, retention rules), so the notice and the code that
    // keeps it agree (ADR 041, 042).
    forbid(
      "time-is-the-bottom",
      "time/ is London time (wall-clock dates and times and the instants they name): it imports nothing of app/, so everything, content included, may use it.",
      { path: "^app/time/" },
      { path: "^app/", pathNot: "^app/time/" },
    ),
    forbid(
      "content-is-the-bottom",
      "content/ is typed content and constants: it imports no other folder of app/ but London time (time/).",
      { path: "^app/content/", pathNot: "^app/content/legal\\.ts$" },
      { path: "^app/", pathNot: "^app/(content|time)/" },
    ),
    forbid(
      "foundations-import-foundations",
      "time, content, forms, calendar, format, seo and addresses are pure foundations: they import only each other.",
      { path: foundations, pathNot: "^app/content/legal\\.ts$" },
      { path: "^app/", pathNot: foundations },
    ),
    forbid(
      "the-notice-reads-only-the-kinds-declarations",
      "The privacy notice (content/legal.ts) may read the lead kinds' and order kinds' client-safe declarations (leads/kinds/*.ts, orders/*.ts, not *.server.ts) and foundations, nothing else.",
      { path: "^app/content/legal\\.ts$" },
      { path: "^app/", pathNot: [foundations, "^app/leads/kinds/[^/]+\\.ts$", "^app/orders/[^/]+\\.ts$"] },
    ),
    forbid(
      "the-notice-reads-no-server-half",
      "The privacy notice reads no kind's server half.",
      { path: "^app/content/legal\\.ts$" },
      { path: "\\.server\\.ts$" },
    ),
    forbid(
      "plumbing-imports-no-domain",
      "Plumbing (config, data, secrets, observability, http, pdf, mail, jobs, page-script) imports foundations and other plumbing, never a domain, a component or a route: move what it needs down.",
      { path: plumbing },
      { path: `${domains}|${components}|${top}` },
    ),
    forbid(
      "domains-import-no-ui",
      "A domain folder imports no component and no route.",
      { path: domains },
      { path: `${components}|${top}` },
    ),
    forbid(
      "lead-building-blocks-import-no-leads",
      "webhooks, spam and orders (paid things) are what the lead pipeline and its readers use: they import neither leads/ nor the folders that read leads.",
      { path: "^app/(webhooks|spam|orders)/" },
      { path: "^app/(leads|inbox|staff|analytics|retention|privacy)/" },
    ),
    forbid(
      "leads-import-no-readers",
      "leads/ stores leads; inbox, analytics, retention, privacy and the staff area read them: leads/ imports none of them.",
      { path: "^app/leads/" },
      { path: "^app/(inbox|analytics|retention|privacy|staff)/" },
    ),
    forbid(
      "only-the-seeding-code-reads-the-seed",
      "content/seed/ is what an empty database is seeded with: only the catalogue (content/index.server.ts) and the content store (publishing/store) read it; pages, e-mails and documents read the published content through the catalogue.",
      { path: "^app/", pathNot: seedReaders },
      { path: "^app/content/seed/" },
    ),
    forbid(
      "route-support-serves-only-routes",
      "route-support/ holds server helpers that only routes use: nothing else in app/ imports them (a helper a domain or a component needs belongs in that folder).",
      { path: "^app/", pathNot: [top, routeSupport] },
      { path: routeSupport },
    ),
    forbid(
      "components-import-no-routes",
      "Components are below the routes: a component imports no route module.",
      { path: components },
      { path: top },
    ),
    {
      name: "islands-wake-without-the-router",
      severity: "error",
      comment:
        "An island's entry (app/islands/<name>.island.tsx) hydrates its part on a page that has no React Router (ADR 090): nothing it imports, however indirectly, may import react-router (use fetch-submission.ts, consent-line.tsx and plain links).",
      from: { path: "^app/islands/[^/]+[.]island[.]tsx$" },
      to: { path: "^react-router$|(^|/)node_modules/react-router/", reachable: true },
    },
    forbid(
      "nothing-imports-routes",
      "A route module is the top: nothing in app/ imports one (not even another route; move what two routes share into a folder below).",
      { path: "^app/" },
      { path: top },
    ),
    forbid(
      "app-imports-nothing-outside",
      "app/ never imports server/, scripts/, bench/ or tests/.",
      { path: "^app/" },
      { path: "^(server|scripts|bench|tests)/" },
    ),
    forbid(
      "migrations-are-frozen",
      "A migration never changes once shipped (docs/decisions/070): it imports only from app/data/migrations/ (and kysely); copy a value or rule it needs there as it was when it shipped.",
      { path: "^app/data/migrations/" },
      { path: "^app/", pathNot: "^app/data/migrations/" },
    ),
    forbid(
      "domains-queue-mail-the-runner-sends-it",
      "A domain queues e-mail through mail/outbox-queue.server.ts; the worker that sends it (outbox-worker, its owners and rules) is started by the process's runner (server/), never imported from elsewhere in app/ (docs/decisions/070).",
      { path: "^app/", pathNot: "^app/mail/" },
      { path: "^app/mail/outbox-(worker|owners)[.]server[.]ts$|^app/mail/outbox-rules[.]ts$" },
    ),
    forbid(
      "one-stripe-client",
      "Only the Stripe module (orders/stripe/) builds a Stripe client: an order kind is handed the one client and imports the library's types only (ADR 068).",
      { path: "^app/", pathNot: "^app/orders/stripe/" },
      { path: "(^|/)node_modules/stripe/", dependencyTypesNot: ["type-only"] },
    ),
    forbid(
      "server-only-stays-on-the-server",
      "A module that can reach the browser (not *.server.ts, not a route) imports no *.server.ts module (type-only imports are erased and allowed).",
      { path: "^app/", pathNot: serverSide },
      { path: "[.]server[.]tsx?$", dependencyTypesNot: ["type-only"] },
    ),
    forbid(
      "harness-imports-no-tests-or-bench",
      "harness/ is what tests and benchmarks share: it imports neither tests/ nor bench/.",
      { path: "^harness/" },
      { path: "^(tests|bench)/" },
    ),
    forbid(
      "bench-imports-no-tests",
      "A benchmark imports no test module: what both need lives in harness/, what only benchmarks need in bench/support/.",
      { path: "^bench/" },
      { path: "^tests/" },
    ),
    forbid(
      "tests-import-no-bench",
      "A test imports no benchmark module: what both need lives in harness/.",
      { path: "^tests/" },
      { path: "^bench/" },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|[.]react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
