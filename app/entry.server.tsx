import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { withFirstScreenCss } from "./page-script/first-screen-css.server.ts";
import { deferHydration } from "./page-script/deferred-hydration.server.ts";
import { hydrationMode } from "./page-script/hydration.ts";
import { pageScriptText, speculationRulesText } from "./page-script/page-script.server.ts";
import { nonceContext, ServerRenderContext } from "./http/request-context.ts";
import { islandsLoaderText } from "./islands/loader.server.ts";
import { requestLog } from "./observability/request-log.server.ts";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering: pages are small and have no
 * slow data, and the finished HTML is rewritten so that its JavaScript
 * starts after the first paint (see deferred-hydration.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext) ?? undefined;
  const mode = hydrationMode(
    routerContext.staticHandlerContext.matches.map((match) => routerContext.routeModules[match.route.id]?.handle),
  );

  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRenderContext
        value={{
          nonce,
          pageScript: pageScriptText,
          speculationRules: speculationRulesText,
          hydrationMode: mode,
          islandsLoader: islandsLoaderText,
        }}
      >
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerRenderContext>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => {
            clearTimeout(timeoutId);
            const html = deferHydration(withFirstScreenCss(Buffer.concat(chunks).toString("utf8")), nonce);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          requestLog(loadContext).error({ err: error }, "Server render failed");
        },
      },
    );
  });
}
