/**
 * When a page starts React (docs/decisions/020-javascript-by-page.md): a
 * route says so in its `handle`; the deepest route that says wins, and a page
 * none of whose routes says starts it after the first paint.
 */
export type HydrationMode = "after-paint" | "on-demand";

export type HydrationHandle = { hydrate: HydrationMode };

/** The handle of a page (reading, form or payment) that starts React only when the visitor starts using a form or the page asks for it. */
export const hydrateOnDemand: HydrationHandle = { hydrate: "on-demand" };

function isHydrationHandle(handle: unknown): handle is HydrationHandle {
  const mode = (handle as { hydrate?: unknown } | null | undefined)?.hydrate;
  return mode === "after-paint" || mode === "on-demand";
}

/** The mode of a page, from its matched routes' handles, outermost first. */
export function hydrationMode(handles: readonly unknown[]): HydrationMode {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (isHydrationHandle(handle)) return handle.hydrate;
  }
  return "after-paint";
}
