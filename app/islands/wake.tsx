/**
 * What every island's entry does (ADR 090): hydrates its wrapper with the
 * part and resolves once it has committed it (the loader then marks the
 * island awake).
 *
 * In a build the islands run on Preact (ADR 092: `react` and `react-dom` are
 * `preact/compat` in the islands' own build), which hydrates the part in one
 * short task: a key pressed meanwhile waits for that task, never for React
 * DOM's start-up. In development the dev server compiles them with React.
 */
import { useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";

function Committed({ children, onCommitted }: { children: ReactNode; onCommitted: () => void }) {
  useEffect(onCommitted, [onCommitted]);
  return children;
}

export function wakeIsland(element: HTMLElement, part: ReactNode): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(element, <Committed onCommitted={resolve}>{part}</Committed>);
  });
}
