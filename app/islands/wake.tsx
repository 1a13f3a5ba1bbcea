/**
 * What every island's entry does (ADR 090): hydrates its wrapper with the
 * part and resolves once React has committed it (the loader then marks the
 * island awake). Hydration runs as a transition: React works in slices of
 * about 5 ms and yields to input between them (outside a transition it would
 * hydrate the whole part in one task); a key pressed in the part meanwhile
 * has React finish it at once, and the key is then handled as usual.
 */
import { startTransition, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";

function Committed({ children, onCommitted }: { children: ReactNode; onCommitted: () => void }) {
  useEffect(onCommitted, [onCommitted]);
  return children;
}

export function wakeIsland(element: HTMLElement, part: ReactNode): Promise<void> {
  return new Promise((resolve) => {
    startTransition(() => {
      hydrateRoot(element, <Committed onCommitted={resolve}>{part}</Committed>);
    });
  });
}
