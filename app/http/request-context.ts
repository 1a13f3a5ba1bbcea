import { createContext } from "react";
import { createContext as createRouterContext } from "react-router";
import type { Logger } from "pino";
import type { AppConfig } from "~/config/config.server.ts";
import type { HydrationMode } from "~/page-script/hydration.ts";

/** Settings, read once at start-up and handed to loaders and actions. */
export const configContext = createRouterContext<AppConfig>();
/** The per-request CSP nonce; null while prerendering. */
export const nonceContext = createRouterContext<string | null>(null);
/** The client's address as the server sees it (trusting TRUST_PROXY_HOPS proxies). */
export const clientIpContext = createRouterContext<string | null>(null);

/** React context for values only the server render knows. */
export type ServerRenderValues = {
  nonce?: string;
  pageScript?: string;
  /** When the page starts React (page-script/hydration.ts), from its matched routes' handles. */
  hydrationMode?: HydrationMode;
  /** The islands loader of a page in islands mode (~/islands/loader.server.ts). */
  islandsLoader?: string;
  speculationRules?: string;
};
export const ServerRenderContext = createContext<ServerRenderValues>({});

/** This request's logger (carries its request id); set by the server for every request. */
export const logContext = createRouterContext<Logger>();
