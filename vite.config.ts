import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
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
