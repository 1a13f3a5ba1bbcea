import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { minifySync } from "rolldown/utils";
import { defineConfig, type Plugin } from "vite";

/**
 * The page script is inlined into every page as the text of its function
 * (app/lib/page-script.server.ts, ADR 019); the server bundle is not
 * minified, so its module is, here: every byte of it comes before the first
 * paint (ADR 021).
 */
function minifyPageScript(): Plugin {
  return {
    name: "minify-page-script",
    enforce: "post",
    transform(code, id) {
      if (!id.endsWith("/app/lib/page-script.server.ts")) return null;
      const result = minifySync(`${id}.js`, code, { module: true, compress: true, mangle: true, sourcemap: true });
      if (result.errors.length) this.error(result.errors.map((error) => error.message).join("\n"));
      return { code: result.code, map: result.map ?? null };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter(), minifyPageScript()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
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
