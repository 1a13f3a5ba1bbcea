/**
 * The first screen's styles (ADR 089, issue 42). The site's stylesheet is one
 * cached file; a page carries inline only the rules that what its first
 * screen shows can use, so the first paint needs no request and the page
 * does not carry the whole stylesheet in every answer.
 *
 * The stylesheet is read once (`indexStylesheet`, with postcss): each rule
 * with what it needs to apply (per selector, the classes and element names
 * outside any functional pseudo-class; a selector with none always applies).
 * For a page, `criticalCss` keeps the rules whose needs the first screen's
 * markup meets (`firstScreenNames`), in the stylesheet's order and inside
 * their layers, media and supports blocks, then the custom properties,
 * `@property` rules and keyframes those rules use, and always the font faces
 * and the order of the layers (so that the file, arriving later, cannot
 * reorder them). Keeping a rule that turns out not to apply costs bytes,
 * never the look of the page: the reading errs that way.
 */
import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from "postcss";

/** The names one selector needs on the page: all of them. */
type Need = { classes: string[]; tags: string[] };

type StyleRule = {
  kind: "rule";
  text: string;
  /** Any one of these met applies the rule; empty: it always applies. */
  needs: Need[];
  /** Custom properties and keyframes its text mentions. */
  mentions: string[];
};
/** A rule of custom property definitions that always applies (the theme, Tailwind's defaults): kept declaration by declaration. */
type Definitions = {
  kind: "definitions";
  selector: string;
  declarations: { name: string; text: string; mentions: string[] }[];
};
type Block = { kind: "block"; prelude: string; children: StyleNode[] };
/** `@property --x` or `@keyframes x`: kept when a kept rule mentions its name. */
type Named = { kind: "named"; name: string; text: string; mentions: string[] };
/** A font face, or anything this reading does not know: always kept. */
type Always = { kind: "always"; text: string };
type StyleNode = StyleRule | Definitions | Block | Named | Always;

/** A custom property definition or a named rule, with what it mentions in turn. */
type Mentioner = { name: string; mentions: string[] };

export type StylesheetIndex = {
  nodes: StyleNode[];
  layerOrder: string[];
  /** Every definition and named rule, anywhere in the tree (for closeMentions). */
  mentioners: Mentioner[];
};

const customProperty = /--[\w-]+/g;
const functionalPseudo =
  /^:(not|is|where|has|nth-child|nth-last-child|nth-of-type|nth-last-of-type|host|host-context|slotted)\(/;

/** The index after the bracket or parenthesis that closes the one at `start` (escapes skipped). */
function closing(text: string, start: number): number {
  const open = text[start];
  const close = open === "[" ? "]" : ")";
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") i++;
    else if (char === open) depth++;
    else if (char === close && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Whether a selector list has more than one selector (a comma outside parentheses). */
function isList(selectors: string): boolean {
  let depth = 0;
  for (let i = 0; i < selectors.length; i++) {
    const char = selectors[i];
    if (char === "\\") i++;
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "," && depth === 0) return true;
  }
  return false;
}

/**
 * A selector without what it does not need on the page: attribute
 * selectors, and the arguments of functional pseudo-classes, except the one
 * selector inside `:is()` or `:where()` (Tailwind's `:where(.space-y-4>…)`),
 * which must match for the whole to. Escaped characters (Tailwind's
 * `.text-\[0\.7rem\]`) are part of a name.
 */
function outerSelector(selector: string): string {
  let out = "";
  let pseudo: RegExpExecArray | null;
  for (let i = 0; i < selector.length;) {
    const char = selector[i];
    if (char === "\\") {
      // A hex escape ("\\32 " for a leading digit) becomes the character it stands for, escaped.
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(i + 1, i + 8));
      out += hex ? `\\${String.fromCodePoint(parseInt(hex[0], 16))}` : selector.slice(i, i + 2);
      i += hex ? 1 + hex[0].length : 2;
    } else if (char === "[") {
      out += " ";
      i = closing(selector, i);
    } else if (char === ":" && (pseudo = functionalPseudo.exec(selector.slice(i, i + 20)))) {
      const name = pseudo[1];
      const open = selector.indexOf("(", i);
      const end = closing(selector, open);
      const argument = selector.slice(open + 1, end - 1);
      out += (name === "is" || name === "where") && !isList(argument) ? ` ${outerSelector(argument)} ` : " ";
      i = end;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

/** A name without its escapes (hex escapes were decoded by `outerSelector`). */
function unescapeCss(name: string): string {
  return name.replace(/\\(.)/g, "$1");
}

/** Pseudo-elements that only form controls have: such a selector needs one of these elements. */
const controlPseudoElement =
  /::(?:placeholder|file-selector-button|-webkit-(?:date|datetime|calendar|inner-spin|outer-spin|search))/;
const controls = ["input", "textarea", "select"];

/** What one selector needs: its classes and its element names (any one of the alternatives). */
export function selectorNeeds(selector: string): Need[] {
  const outer = outerSelector(selector);
  const classes = [...outer.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => unescapeCss(m[1]!));
  const tags = [...outer.matchAll(/(?:^|[\s>+~(,])([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase());
  if (classes.length === 0 && tags.length === 0 && controlPseudoElement.test(outer)) {
    return controls.map((tag) => ({ classes, tags: [tag] }));
  }
  return [{ classes, tags }];
}

function mentionsOf(text: string): string[] {
  const names = new Set(text.match(customProperty) ?? []);
  for (const match of text.matchAll(/animation(?:-name)?:([^;}]+)/g)) {
    for (const word of match[1]!.split(/[\s,]+/)) if (/^[a-zA-Z][\w-]*$/.test(word)) names.add(`@keyframes ${word}`);
  }
  return [...names];
}

function isDefinitionsRule(rule: Rule, needs: Need[]): boolean {
  return (
    needs.length === 0 &&
    rule.nodes.length > 0 &&
    rule.nodes.every((node) => node.type === "decl" && node.prop.startsWith("--"))
  );
}

function indexNode(node: ChildNode, layerOrder: string[]): StyleNode | null {
  if (node.type === "comment") return null;
  if (node.type === "rule") {
    const needs = node.selectors.flatMap(selectorNeeds);
    const always = needs.some((need) => need.classes.length === 0 && need.tags.length === 0);
    const finalNeeds = always ? [] : needs;
    if (isDefinitionsRule(node, finalNeeds)) {
      return {
        kind: "definitions",
        selector: node.selector,
        declarations: (node.nodes as Declaration[]).map((decl) => ({
          name: decl.prop,
          text: decl.toString(),
          mentions: mentionsOf(decl.value),
        })),
      };
    }
    const text = node.toString();
    return { kind: "rule", text, needs: finalNeeds, mentions: mentionsOf(text) };
  }
  if (node.type === "atrule") return indexAtRule(node, layerOrder);
  return { kind: "always", text: node.toString() };
}

function indexAtRule(node: AtRule, layerOrder: string[]): StyleNode | null {
  const name = node.name.toLowerCase();
  if (name === "layer") {
    for (const layer of node.params.split(",").map((part) => part.trim())) {
      if (layer && !layerOrder.includes(layer)) layerOrder.push(layer);
    }
  }
  // The order of the layers is written once, first (`criticalCss`).
  if (name === "layer" && !node.nodes) return null;
  if (name === "property" || name === "keyframes") {
    const key = name === "property" ? node.params.trim() : `@keyframes ${node.params.trim()}`;
    return { kind: "named", name: key, text: node.toString(), mentions: mentionsOf(node.toString()) };
  }
  if ((name === "layer" || name === "media" || name === "supports" || name === "container") && node.nodes) {
    const children = node.nodes.map((child) => indexNode(child, layerOrder)).filter((child) => child !== null);
    return { kind: "block", prelude: `@${node.name} ${node.params}`, children };
  }
  return { kind: "always", text: node.nodes ? node.toString() : `${node.toString()};` };
}

/** Reads a stylesheet once, for `criticalCss`. */
export function indexStylesheet(css: string): StylesheetIndex {
  const layerOrder: string[] = [];
  const root = postcss.parse(css);
  const nodes = root.nodes.map((node) => indexNode(node, layerOrder)).filter((node) => node !== null);
  const mentioners: Mentioner[] = [];
  const collect = (list: StyleNode[]) => {
    for (const node of list) {
      if (node.kind === "definitions") mentioners.push(...node.declarations);
      else if (node.kind === "named") mentioners.push(node);
      else if (node.kind === "block") collect(node.children);
    }
  };
  collect(nodes);
  return { nodes, layerOrder, mentioners };
}

/** The class and element names a page's markup uses. */
export type PageNames = { classes: ReadonlySet<string>; tags: ReadonlySet<string> };

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The names in a piece of markup (React's output: quoted attributes, escaped text). */
export function namesIn(markup: string, into?: { classes: Set<string>; tags: Set<string> }): PageNames {
  const names = into ?? { classes: new Set<string>(), tags: new Set<string>(["html", "body"]) };
  for (const tag of markup.matchAll(/<([a-zA-Z][\w-]*)/g)) names.tags.add(tag[1]!.toLowerCase());
  for (const attribute of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeAttribute(attribute[1]!).split(/\s+/)) if (name) names.classes.add(name);
  }
  return names;
}

const voidElements = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/**
 * Where the first `count` children of the element that starts at `start`
 * end (the index after the last one's end tag), or the element's end when
 * it has fewer. Reads React's output: every tag closed, `<` escaped in text
 * and attributes (scripts and styles inside are JSON or CSS without tags).
 */
export function endOfChildren(html: string, start: number, count: number): number {
  const tags = /<(\/?)([a-zA-Z][\w-]*)(?:"[^"]*"|'[^']*'|[^'">])*?(\/?)>/g;
  tags.lastIndex = start;
  let depth = 0;
  let children = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    const [, closing, name, selfClosing] = tag;
    if (voidElements.has(name!.toLowerCase()) || selfClosing) continue;
    if (!closing) {
      depth++;
      continue;
    }
    depth--;
    if (depth === 0) return tags.lastIndex;
    if (depth === 1 && ++children === count) return tags.lastIndex;
  }
  return html.length;
}

/**
 * The first screen of a page: everything before <main> (the skip link and
 * the header with its menus) and main's first `sections` children (the
 * page's opening section and the one after it, which a wide screen shows
 * too). A page without <main> (the back office, a bare error) is all first
 * screen.
 */
export function firstScreen(html: string, sections = 2): string {
  const body = html.indexOf("<body");
  const main = html.indexOf("<main", body);
  if (body < 0 || main < 0) return html;
  return html.slice(body, endOfChildren(html, main, sections));
}

function meets(need: Need, names: PageNames): boolean {
  return need.classes.every((name) => names.classes.has(name)) && need.tags.every((tag) => names.tags.has(tag));
}

function applies(rule: StyleRule, names: PageNames): boolean {
  return rule.needs.length === 0 || rule.needs.some((need) => meets(need, names));
}

function keptRules(nodes: StyleNode[], names: PageNames, mentioned: Set<string>): void {
  for (const node of nodes) {
    if (node.kind === "rule" && applies(node, names)) node.mentions.forEach((name) => mentioned.add(name));
    else if (node.kind === "block") keptRules(node.children, names, mentioned);
  }
}

/** Adds what the mentioned definitions and named rules mention in turn, until nothing new. */
function closeMentions(mentioners: readonly Mentioner[], mentioned: Set<string>): void {
  for (let grew = true; grew;) {
    grew = false;
    for (const definition of mentioners) {
      if (!mentioned.has(definition.name)) continue;
      for (const name of definition.mentions) {
        if (!mentioned.has(name)) {
          mentioned.add(name);
          grew = true;
        }
      }
    }
  }
}

function write(nodes: StyleNode[], names: PageNames, mentioned: Set<string>): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "always") out += node.text;
    else if (node.kind === "rule") out += applies(node, names) ? node.text : "";
    else if (node.kind === "named") out += mentioned.has(node.name) ? node.text : "";
    else if (node.kind === "definitions") {
      const kept = node.declarations.filter((declaration) => mentioned.has(declaration.name));
      if (kept.length > 0) out += `${node.selector}{${kept.map((declaration) => declaration.text).join(";")}}`;
    } else {
      const inner = write(node.children, names, mentioned);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The rules of the stylesheet a page with these names can use (see the module's comment). */
export function criticalCss(index: StylesheetIndex, names: PageNames): string {
  const mentioned = new Set<string>();
  keptRules(index.nodes, names, mentioned);
  closeMentions(index.mentioners, mentioned);
  const order = index.layerOrder.length > 0 ? `@layer ${index.layerOrder.join(",")};` : "";
  return order + write(index.nodes, names, mentioned);
}
