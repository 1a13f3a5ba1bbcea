/**
 * What every island's entry does (ADR 090): hydrates its wrapper with the
 * part and resolves once React has committed it (the loader then marks the
 * island awake). Hydration runs in React's slices, yielding to input.
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
