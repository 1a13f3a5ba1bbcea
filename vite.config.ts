import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { minifySync } from "rolldown/utils";
import { readdirSync } from "node:fs";
import path from "node:path";
import { build as viteBuild, defineConfig, type Plugin } from "vite";

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

/**
 * Islands (app/islands/, ADR 090): each `<name>.island.tsx` is an entry of
 * its own build, on Preact in place of React and React DOM (ADR 092: the
 * server still renders them with React) and with none of React Router, written
 * beside the client build (under /assets/islands/) once React Router's has
 * been written (it empties the folder first). The server learns where each
 * entry is by this plugin filling in app/islands/urls.server.ts. In
 * development the dev server compiles them, after React Refresh's preamble
 * (which React Router's scripts install on the other pages).
 */
function islands(): Plugin {
  const folder = path.resolve("app/islands");
  const suffix = ".island.tsx";
  const entries = () =>
    Object.fromEntries(
      readdirSync(folder)
        .filter((file) => file.endsWith(suffix))
        .map((file) => [file.slice(0, -suffix.length), path.join(folder, file)]),
    );
  const devEntry = "virtual:island-dev/";
  let command: "build" | "serve" = "build";
  let built: Record<string, string> | null = null;
  return {
    name: "islands",
    configResolved(config) {
      command = config.command;
    },
    async writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      const result = await viteBuild({
        configFile: false,
        logLevel: "warn",
        mode: "production",
        publicDir: false,
        resolve: { tsconfigPaths: true, alias: { react: "preact/compat", "react-dom": "preact/compat" } },
        build: {
          outDir: options.dir,
          emptyOutDir: false,
          copyPublicDir: false,
          rolldownOptions: {
            input: entries(),
            preserveEntrySignatures: "exports-only",
            output: {
              entryFileNames: "assets/islands/[name]-[hash].js",
              chunkFileNames: "assets/islands/[name]-[hash].js",
              // Preact in one file that every island shares.
              codeSplitting: { groups: [{ name: "preact", test: /node_modules[\\/]preact[\\/]/ }] },
            },
          },
        },
      });
      built = {};
      for (const output of Array.isArray(result) ? result : [result]) {
        if (!("output" in output)) continue;
        for (const chunk of output.output) {
          if (chunk.type === "chunk" && chunk.isEntry) built[chunk.name] = `/${chunk.fileName}`;
        }
      }
    },
    transform(_code, id) {
      if (!id.endsWith("/app/islands/urls.server.ts")) return null;
      const urls =
        command === "serve"
          ? Object.fromEntries(Object.keys(entries()).map((name) => [name, `/@id/${devEntry}${name}`]))
          : built;
      if (!urls) this.error("The islands must be built before the server (the client build's writeBundle).");
      return { code: `export const islandUrls = ${JSON.stringify(urls)};`, map: null };
    },
    resolveId(id) {
      return id.startsWith(devEntry) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${devEntry}`)) return null;
      const file = `/app/islands/${id.slice(devEntry.length + 1)}${suffix}`;
      return [
        `import "virtual:react-router/inject-hmr-runtime";`,
        `export default async function wake(element, props) {`,
        `  const island = await import(${JSON.stringify(file)});`,
        `  return island.default(element, props);`,
        `}`,
      ].join("\n");
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
  plugins: [tailwindcss(), reactRouter(), minifyPageScript(), islands()],
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
