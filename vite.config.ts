import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { minifySync } from "rolldown/utils";
import { defineConfig, type Plugin } from "vite";

/**
 * The page script is inlined into every page as the text of its function
 * (app/page-script/page-script.server.ts, ADR 019); the server bundle is not
 * minified, so its module is, here: every byte of it comes before the first
 * paint (ADR 021).
 */
function minifyPageScript(): Plugin {
  return {
    name: "minify-page-script",
    enforce: "post",
    transform(code, id) {
      if (!id.endsWith("/app/page-script/page-script.server.ts")) return null;
      const result = minifySync(`${id}.js`, code, { module: true, compress: true, mangle: true, sourcemap: true });
      if (result.errors.length) this.error(result.errors.map((error) => error.message).join("\n"));
      return { code: result.code, map: result.map ?? null };
    },
  };
}

const sep = String.raw`[\\/]`;
const siteModule = new RegExp(`${sep}(app|node_modules${sep}lucide)${sep}`);
const notSiteModule = new RegExp(`${sep}(admin|routes)${sep}|${sep}components${sep}icons\\.tsx`);
const clientChunks = [
  // React, React DOM and React Router, with React Router's default browser entry
  // (in @react-router/dev): every page that starts React needs all of them.
  {
    name: "framework",
    test: new RegExp(`node_modules${sep}(react|react-dom|react-router|scheduler|@react-router)${sep}`),
    priority: 20,
  },
  // What the root layout draws on every public page (header, footer and its
  // sign-up form with the form kit, the exit-intent trigger, the 404 text)
  // and the icons in it.
  {
    name: "layout",
    test: new RegExp(
      `${sep}app${sep}(components${sep}(layout|exit-popup${sep}exit-intent|not-found-content|forms${sep}newsletter-form)|content${sep}ids)` +
        `|lucide${sep}dist${sep}esm${sep}icons${sep}(x|phone|map-pin|mail|clock|chevron-down|menu|calendar-check)\\.mjs`,
    ),
    priority: 11,
  },
  // The site's own modules that many pages share (not the staff pages').
  {
    name: "site",
    test: (id: string) => siteModule.test(id) && !notSiteModule.test(id),
    minShareCount: 6,
    priority: 10,
  },
];

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter(), minifyPageScript()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    // How the browser's code is cut into files (ADR 032). A page starts React
    // only when a visitor needs it (ADR 020), and then fetches everything at
    // once: a few larger files compress better than thirty small ones.
    rolldownOptions: { output: { codeSplitting: { groups: clientChunks } } },
  },
  environments: {
    // The server bundle's entry is our Express app, which also re-exports
    // the React Router server build (server/app.ts); see
    // docs/decisions/002-production-server.md.
    ssr: {
      build: {
        rolldownOptions: {
          input: "./server/app.ts",
          // The browser fetches the form schemas lazily (a dynamic import that
          // splits the client bundle); the server also imports them statically.
          // The server bundle needs no splitting, so that warning says nothing.
          checks: { ineffectiveDynamicImport: false },
        },
      },
      // In development, Vite loads the app's copy of react-router; the
      // request handler must use the same copy, or router contexts made by
      // server/app.ts are not recognised ("Invalid context value").
      ...(command === "serve" ? { resolve: { noExternal: ["@react-router/express", "@react-router/node"] } } : {}),
    },
  },
}));
