/**
 * What Chromium itself tells assistive technology about an element (its
 * accessibility tree, through the DevTools protocol). Playwright's role
 * queries compute ARIA from attributes alone, so they cannot see states the
 * browser derives from HTML: a popovertarget button is expanded while its
 * popover is open, a <summary> while its <details> is.
 */
import type { Locator } from "@playwright/test";

export type AccessibleNode = { role: string; name: string; expanded: boolean | undefined };

export async function accessibleNode(locator: Locator): Promise<AccessibleNode> {
  const page = locator.page();
  const marker = `ax-${Math.random().toString(36).slice(2)}`;
  await locator.evaluate((element, value) => element.setAttribute("data-ax-probe", value), marker);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: `[data-ax-probe="${marker}"]`,
    });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const node = nodes.find((n) => !n.ignored) ?? nodes[0];
    const expanded = node?.properties?.find((p) => p.name === "expanded")?.value.value as boolean | undefined;
    return {
      role: String(node?.role?.value ?? ""),
      name: String(node?.name?.value ?? ""),
      expanded,
    };
  } finally {
    await cdp.detach();
    await locator.evaluate((element) => element.removeAttribute("data-ax-probe"));
  }
}

/** Whether Chromium announces the element as expanded (undefined: it has no expanded state). */
export const accessibleExpanded = async (locator: Locator) => (await accessibleNode(locator)).expanded;
