/**
 * The layers of app/ and which may import which (docs/decisions/039-layers.md,
 * README "Project layout"). `npm run lint:layers` checks them; `npm test` runs it.
 *
 * From the bottom:
 * 1. foundations: content, and pure rules and formats every layer may use;
 * 2. plumbing: configuration, database, secrets, logs and metrics, HTTP, PDF,
 *    e-mail, the scheduler and the page script; it imports no domain;
 * 3. domains: what the business does (leads, orders, and the folders that
 *    build on them), and services.ts, the app's services, which names several domains;
 * 4. components: React's page sections;
 * 5. routes, root.tsx and entry.server.tsx: import anything below them.
 * Outside app/: server/, scripts/, bench/ and tests/ may import app/, never
 * the other way round.
 */

const foundations = "^app/(content|forms|calendar|format|seo|addresses)/";
const plumbing = "^app/(config|data|secrets|observability|http|pdf|mail|jobs|page-script)/";
const domains =
  "^app/(leads|orders|webhooks|spam|staff|inbox|analytics|retention|privacy|publishing|media|settings)/|^app/services[.]ts$";
const components = "^app/components/";
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
      "content-is-the-bottom",
      "content/ is typed content and constants: it imports no other folder of app/.",
      { path: "^app/content/", pathNot: "^app/content/legal\\.ts$" },
      { path: "^app/", pathNot: "^app/content/" },
    ),
    forbid(
      "foundations-import-foundations",
      "content, forms, calendar, format and seo are pure foundations: they import only each other.",
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
      "components-import-no-routes",
      "Components are below the routes: a component imports no route module.",
      { path: components },
      { path: top },
    ),
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
