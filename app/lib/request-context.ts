import { createContext } from "react";
import { createContext as createRouterContext } from "react-router";
import type { AppConfig } from "./config.server.ts";

/** Settings, read once at start-up and handed to loaders and actions. */
export const configContext = createRouterContext<AppConfig>();
/** The per-request CSP nonce; undefined while prerendering. */
export const nonceContext = createRouterContext<string | null>(null);

/** React context for values only the server render knows. */
export type ServerRenderValues = { nonce?: string; criticalCss?: string };
export const ServerRenderContext = createContext<ServerRenderValues>({});
