/**
 * What every island's entry does (ADR 090): hydrates its wrapper with the
 * part and resolves once it has committed it (the loader then marks the
 * island awake).
 *
 * In a build the islands run on Preact (ADR 092: `react` and `react-dom` are
 * `preact/compat` in the islands' own build), which hydrates the part in one
 * short task: a key pressed meanwhile waits for that task, never for React
 * DOM's start-up. In development the dev server compiles them with React.
 *
 * The island's modules are evaluated in one task and its entry is called at
 * the end of it; hydrating there would add the hydration to that task. The
 * entry yields first (`scheduler.yield()`, or a new task where the browser
 * has none), so a key or tap that came meanwhile is handled between the two
 * (issue 42: start-up work yields to input).
 */
import { useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";

function Committed({ children, onCommitted }: { children: ReactNode; onCommitted: () => void }) {
  useEffect(onCommitted, [onCommitted]);
  return children;
}

type Scheduler = { yield?: () => Promise<void> };

/** Lets waiting input run before the next piece of start-up work. */
export function yieldToInput(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function wakeIsland(element: HTMLElement, part: ReactNode): Promise<void> {
  await yieldToInput();
  return new Promise((resolve) => {
    hydrateRoot(element, <Committed onCommitted={resolve}>{part}</Committed>);
  });
}
