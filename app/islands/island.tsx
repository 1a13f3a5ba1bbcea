/**
 * Islands (ADR 090): a part of a page that wakes up on its own, with its own
 * props, without React Router, its route data or the rest of the page.
 *
 * `Island` renders the part on the server as usual, inside a wrapper that
 * names it and carries its props; on a page that runs React Router the
 * wrapper is plain markup and the router hydrates the part with the page. On
 * a page in islands mode (hydration.ts) there is no router: the islands
 * loader (loader.server.ts) fetches the island's own entry
 * (`<name>.island.tsx`) when the visitor reaches it, and that entry hydrates
 * the wrapper's content with the same props, so the markup matches. An
 * island can also wake at load, or when a value it needs waits in
 * sessionStorage (`wake`, ADR 093).
 */
import type { ComponentType } from "react";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_WAKE_ATTRIBUTE,
  islandWakeValue,
  type IslandName,
  type IslandWake,
} from "./names.ts";

export function Island<P extends object>({
  name,
  component: Component,
  props,
  wake,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /** Besides focus entering it (ADR 093). */
  wake?: IslandWake;
}) {
  const attributes = {
    [ISLAND_ATTRIBUTE]: name,
    [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props),
    ...(wake ? { [ISLAND_WAKE_ATTRIBUTE]: islandWakeValue(wake) } : {}),
  };
  return (
    <div {...attributes} className="contents">
      <Component {...props} />
    </div>
  );
}
