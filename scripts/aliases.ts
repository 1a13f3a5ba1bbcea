/**
 * Lets a script run with plain Node import the app's modules as the app
 * does: `~/x` is app/x (the alias tsconfig.json and Vite give the app).
 * Loaded with `node --import ./scripts/aliases.ts`.
 */
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const appDir = pathToFileURL(path.resolve(import.meta.dirname, "../app")).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(specifier.startsWith("~/") ? `${appDir}/${specifier.slice(2)}` : specifier, context);
  },
});
