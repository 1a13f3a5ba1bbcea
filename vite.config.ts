import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server bundle's entry is our Express app, which also re-exports
    // the React Router server build (server/app.ts); see
    // docs/decisions/002-production-server.md.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
});
