/**
 * The logger of the request being handled (with its request id), for
 * loaders, actions and the server render. Outside a request (prerendering
 * at build time) there is none: errors then go to the console.
 */
import type { RouterContextProvider } from "react-router";
import type { Logger } from "pino";
import { logContext } from "~/http/request-context.ts";

type Log = Pick<Logger, "error" | "warn" | "info">;

const consoleLog = {
  error: (obj: unknown, msg?: string) => console.error(msg ?? "", obj),
  warn: (obj: unknown, msg?: string) => console.warn(msg ?? "", obj),
  info: (obj: unknown, msg?: string) => console.info(msg ?? "", obj),
} as unknown as Log;

export function requestLog(context: Readonly<RouterContextProvider>): Log {
  try {
    return context.get(logContext);
  } catch {
    return consoleLog;
  }
}
