import { describe, expect, it } from "vitest";
import {
  criticalCss,
  firstScreen,
  indexStylesheet,
  namesIn,
  selectorNeeds,
} from "../../app/page-script/critical-css.server.ts";

describe("what a selector needs on the page", () => {
  it("its classes and element names, with Tailwind's escapes read as part of a name", () => {
    expect(selectorNeeds(".text-\\[0\\.7rem\\]")).toEqual([{ classes: ["text-[0.7rem]"], tags: [] }]);
    expect(selectorNeeds(".lg\\:grid-cols-\\[1fr_22rem\\]")).toEqual([
      { classes: ["lg:grid-cols-[1fr_22rem]"], tags: [] },
    ]);
    expect(selectorNeeds("nav .hover\\:bg-navy-50:hover")).toEqual([{ classes: ["hover:bg-navy-50"], tags: ["nav"] }]);
    expect(selectorNeeds(".\\32 xl\\:p-4")).toEqual([{ classes: ["2xl:p-4"], tags: [] }]);
  });

  it("the one selector inside :where() or :is(), but nothing inside :not(), :has() or an attribute selector", () => {
    expect(selectorNeeds(":where(.space-y-4>:not(:last-child))")).toEqual([{ classes: ["space-y-4"], tags: [] }]);
    expect(selectorNeeds(".in-\\[header\\:has\\(\\#menu\\)\\]\\:hidden:is(header:has(#menu) *)")).toEqual([
      { classes: ["in-[header:has(#menu)]:hidden"], tags: ["header"] },
    ]);
    expect(selectorNeeds("input:where([type=button],[type=submit])")).toEqual([{ classes: [], tags: ["input"] }]);
    expect(selectorNeeds(":is(.a, .b)")).toEqual([{ classes: [], tags: [] }]);
    expect(selectorNeeds("[hidden]:where(:not([hidden=until-found]))")).toEqual([{ classes: [], tags: [] }]);
  });

  it("a form control's pseudo-element needs one of the controls", () => {
    expect(selectorNeeds("::placeholder").map((need) => need.tags)).toEqual([["input"], ["textarea"], ["select"]]);
    expect(selectorNeeds("::-webkit-datetime-edit-year-field")).toHaveLength(3);
    expect(selectorNeeds("::backdrop")).toEqual([{ classes: [], tags: [] }]);
  });
});

describe("a page's first screen", () => {
  const page =
    '<html><head><style id="x"></style></head><body><a class="skip">Skip</a><header class="bar"><nav></nav></header>' +
    '<main id="main"><section class="hero"><h1 class="big">Title</h1><img src="a.png"><br></section>' +
    '<section class="second"><p class="lead">Text with a <b>bold</b> word</p></section>' +
    '<section class="third"><p class="below">Further down</p></section></main>' +
    '<footer class="foot"></footer></body></html>';

  it("is what comes before <main> and main's first two children", () => {
    const screen = firstScreen(page);
    expect(screen.startsWith("<body>")).toBe(true);
    expect(screen.endsWith("word</p></section>")).toBe(true);
    const names = namesIn(screen);
    expect([...names.classes]).toEqual(["skip", "bar", "hero", "big", "second", "lead"]);
    expect(names.tags.has("h1") && names.tags.has("b") && names.tags.has("body")).toBe(true);
    expect(names.tags.has("footer")).toBe(false);
  });

  it("is the whole page when the page has no <main>", () => {
    expect(firstScreen("<body><div class='a'></div></body>")).toBe("<body><div class='a'></div></body>");
  });

  it("reads class attributes as React writes them (entities decoded)", () => {
    expect([...namesIn('<p class="a&amp;b  c"></p>').classes]).toEqual(["a&b", "c"]);
  });
});

describe("the first screen's styles", () => {
  const stylesheet = [
    "@layer theme,base,utilities;",
    "@layer theme{:root,:host{--color-navy:#0b1f3a;--color-gold:#f2b53c;--font-sans:Inter;--spin-speed:1s;--ring:var(--color-gold)}}",
    "@layer base{*,:after,:before{box-sizing:border-box}h1{margin:0}table{border-collapse:collapse}}",
    "@layer utilities{.big{font-size:2rem;color:var(--color-navy)}.below{color:var(--color-gold)}",
    "@media (width>=64rem){.lg\\:big{font-size:3rem}.below{padding:1rem}}",
    ".shadow{--tw-shadow:0 0 1px red;box-shadow:var(--tw-shadow)}.spin{animation:spin var(--spin-speed) linear}.ring{outline-color:var(--ring)}}",
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    '@property --tw-ring{syntax:"*";inherits:false}',
    "@keyframes spin{to{transform:rotate(360deg)}}",
    "@font-face{font-family:Inter;src:url(/assets/inter.woff2)}",
  ].join("");
  const index = indexStylesheet(stylesheet);
  const stylesFor = (markup: string) => criticalCss(index, namesIn(markup));

  it("keeps the rules the markup can use, in their layers and media blocks, and the layers' order first", () => {
    const css = stylesFor('<h1 class="big lg:big">Title</h1>');
    expect(css).toBe(
      "@layer theme,base,utilities;" +
        "@layer theme{:root,:host{--color-navy:#0b1f3a}}" +
        "@layer base{*,:after,:before{box-sizing:border-box}h1{margin:0}}" +
        "@layer utilities{.big{font-size:2rem;color:var(--color-navy)}@media (width>=64rem){.lg\\:big{font-size:3rem}}}" +
        "@font-face{font-family:Inter;src:url(/assets/inter.woff2)}",
    );
  });

  it("leaves out a media block with nothing kept in it, and the theme's unused properties", () => {
    const css = stylesFor('<p class="nothing-known"></p>');
    expect(css).not.toContain("@media");
    expect(css).not.toContain("--color-");
    expect(css).not.toContain("@layer utilities{");
  });

  it("keeps the @property rules, keyframes and custom properties that kept rules mention, and no others", () => {
    const css = stylesFor('<div class="shadow spin"></div>');
    expect(css).toContain("@property --tw-shadow{");
    expect(css).not.toContain("@property --tw-ring");
    expect(css).toContain("@keyframes spin{");
    expect(css).toContain("--spin-speed:1s");
    expect(css).not.toContain("--color-gold");
  });

  it("keeps the custom properties that the kept custom properties use in turn", () => {
    expect(stylesFor('<a class="ring"></a>')).toContain(":root,:host{--color-gold:#f2b53c;--ring:var(--color-gold)}");
  });
});
