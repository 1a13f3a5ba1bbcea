import { readdirSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Island } from "~/islands/island.tsx";
import { islandsLoader } from "~/islands/loader.server.ts";
import { islandNames } from "~/islands/names.ts";
import { yieldToInput } from "~/islands/wake.tsx";

// ADR 090: an island's wrapper names it and carries its props; inside, the
// part is rendered exactly as on its own, so its entry hydrates the same markup.

function Greeting({ name, count }: { name: string; count: number }) {
  return createElement("p", null, `Hello ${name}, ${count}`);
}

describe("Island", () => {
  it("wraps the part's own markup with its name and its props as JSON", () => {
    const props = { name: `O'Brien & "Co" <b>`, count: 3 };
    const html = renderToStaticMarkup(
      createElement(Island<typeof props>, { name: "newsletter", component: Greeting, props }),
    );
    const inner = renderToStaticMarkup(createElement(Greeting, props));
    const wrapper = /^<div data-island="newsletter" data-island-props="([^"]*)" class="contents">(.*)<\/div>$/.exec(
      html,
    );
    expect(wrapper).not.toBeNull();
    expect(wrapper![2]).toBe(inner);
    const attribute = wrapper![1]!
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    expect(JSON.parse(attribute)).toEqual(props);
  });
});

describe("islandsLoader", () => {
  it("is a script that knows each island's entry and nothing else", () => {
    const text = islandsLoader({ newsletter: "/assets/islands/newsletter-abc.js" });
    expect(() => new Function(text)).not.toThrow();
    expect(text).toContain('{"newsletter":"/assets/islands/newsletter-abc.js"}');
  });
});

describe("islandNames", () => {
  it("names exactly the islands that have an entry (app/islands/<name>.island.tsx)", () => {
    const entries = readdirSync(new URL("../../app/islands/", import.meta.url))
      .filter((file) => file.endsWith(".island.tsx"))
      .map((file) => file.slice(0, -".island.tsx".length));
    expect([...islandNames].sort()).toEqual(entries.sort());
  });
});

describe("yieldToInput (before an island hydrates, issue 42)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yielded });
    await yieldToInput();
    expect(yielded).toHaveBeenCalledTimes(1);
  });

  it("otherwise resolves in a new task, not within the one that called it", async () => {
    vi.stubGlobal("scheduler", undefined);
    vi.useFakeTimers();
    let done = false;
    const waiting = yieldToInput().then(() => {
      done = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.runAllTimersAsync();
    await waiting;
    expect(done).toBe(true);
  });
});
