/**
 * When a page starts React (docs/decisions/020-javascript-by-page.md): a
 * route says so in its `handle`; the deepest route that says wins, and a page
 * none of whose routes says starts it after the first paint.
 */
export type HydrationMode = "after-paint" | "islands";

export type HydrationHandle = { hydrate: HydrationMode };

/**
 * The handle of a page that never starts React Router: its only live parts
 * are islands (the footer's sign-up, the exit popup), each woken on its own
 * (ADR 090, ~/islands/). Its links load pages as documents.
 */
export const islandsOnly: HydrationHandle = { hydrate: "islands" };

function isHydrationHandle(handle: unknown): handle is HydrationHandle {
  const mode = (handle as { hydrate?: unknown } | null | undefined)?.hydrate;
  return mode === "after-paint" || mode === "islands";
}

/** The mode of a page, from its matched routes' handles, outermost first. */
export function hydrationMode(handles: readonly unknown[]): HydrationMode {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (isHydrationHandle(handle)) return handle.hydrate;
  }
  return "after-paint";
}
