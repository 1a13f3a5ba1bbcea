/**
 * The editor's form for an item, read from the item's schema
 * (docs/decisions/045-content-in-the-database.md): one field per value the
 * schema names, so a new field in a schema is in the editor without a line
 * of form code, and the form and the content cannot disagree.
 *
 * - `describeFields` gives the fields (plain data, for the page to render);
 * - `formValues` flattens an item into the fields' values;
 * - `readItemForm` builds an item back from a posted form, for the schema to
 *   check (it converts, it never validates: the schema says what is wrong).
 *
 * Field names are paths: `title`, `seo.description`, `curriculum.2.topics`.
 * A list of words or sentences is one text box, one per line; a list of
 * groups (a course's days, its FAQs) is one group per item, with a blank one
 * to add another where the list may grow (left blank, it is not added; all
 * of an item's fields cleared, the item is taken out).
 */
import { z } from "zod";
import { markdownMeta } from "./rich-text.ts";
import { isImageField } from "./image-ref.ts";

type Def = {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; maximum?: number; minimum?: number; length?: number } } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  innerType?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

type Common = { name: string; label: string; required: boolean };
export type EditorField =
  | (Common & { kind: "text"; long: boolean; maxLength?: number; hint?: string })
  | (Common & { kind: "number"; min?: number; max?: number })
  /** An amount kept in pence, edited in pounds ("4,050.00"): a schema's `.meta(penceMeta)`. */
  | (Common & { kind: "money"; hint: string })
  | (Common & { kind: "choice"; options: string[] })
  | (Common & { kind: "yes-no" })
  | (Common & { kind: "lines"; hint: string })
  /** Rich text (app/content/rich-text.ts): a text area with a live preview. */
  | (Common & { kind: "markdown"; hint: string; maxLength?: number })
  | (Common & { kind: "group"; fields: EditorField[] })
  /** A picture from the library (`<name>.id`) and its alt text (`<name>.alt`), ADR 049. */
  | (Common & { kind: "image" })
  | (Common & { kind: "list"; hint: string; items: { label: string; fields: EditorField[] }[] })
  /** An ordered list of courses: one choice per slot (named `name.0`, `name.1`…); the editor fills in the options. */
  | (Common & { kind: "course-slots"; hint: string; min: number; slots: number; options: SlotOption[] })
  /** A value the form carries unchanged (set elsewhere: a guide's uploaded PDF). */
  | (Common & { kind: "kept" });

export type SlotOption = { value: string; label: string };

/** Marks a whole-pence number the editor shows and reads in pounds (a session's prices). */
export const penceMeta = { editor: "pence" } as const;

export const moneyHint = "In pounds, before VAT: for example 4500 or 4,050.50.";

/** Pence as the money field shows it: 405000 → "4050.00". */
const poundsText = (pence: number) => `${Math.trunc(pence / 100)}.${String(Math.abs(pence % 100)).padStart(2, "0")}`;

/** Pounds as typed ("£4,050.5", "4500") in whole pence, or null when it is not an amount. */
export function penceFromPounds(text: string): number | null {
  const match = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const pounds = Number(match[1]!.replaceAll(",", ""));
  const pence = Number((match[2] ?? "0").padEnd(2, "0"));
  const total = pounds * 100 + pence;
  return Number.isSafeInteger(total) ? total : null;
}

/** What a field's schema asks of the editor (featured.ts, guide-files.ts): course slots, or kept out of sight. */
function editorMeta(schema: z.ZodType): string | undefined {
  const meta = z.globalRegistry.get(schema) as { editor?: unknown } | undefined;
  return typeof meta?.editor === "string" ? meta.editor : undefined;
}
const metaOf = (field: z.ZodType) => editorMeta(field) ?? editorMeta(unwrap(field).schema);

/** "heroTitle" → "Hero title"; "seo" → "SEO"; a list item's number is added by the list. */
export function labelOf(name: string): string {
  const known: Record<string, string> = {
    seo: "Search engines (SEO)",
    faqs: "FAQs",
    id: "Address (slug)",
    slug: "Address (slug)",
    joinUrl: "Joining link (sent to registrants only, never shown on the site)",
    pricePence: "Price per person (£, before VAT)",
    hours: "Days",
  };
  if (known[name]) return known[name];
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/Ids?\b/g, "")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Strings longer than this (or without a limit, and named like prose) get a text area. */
const longText =
  /description|answer|quote|paragraph|lead|summary|bio|expertise|overview|story|intro|tagline|subtitle|certification|body/i;

function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    const def = defOf(current);
    if ((def.type === "optional" || def.type === "default") && def.innerType) {
      optional = true;
      current = def.innerType;
    } else return { schema: current, optional };
  }
}

function checkOf(def: Def, name: string) {
  return def.checks?.map((c) => c._zod.def).find((c) => c.check === name);
}

function lengthHint(def: Def, what: string): string {
  const exact = checkOf(def, "length_equals")?.length;
  const min = checkOf(def, "min_length")?.minimum;
  const max = checkOf(def, "max_length")?.maximum;
  if (exact !== undefined) return `exactly ${exact} ${what}`;
  if (min !== undefined && max !== undefined) return `${min} to ${max} ${what}`;
  if (min !== undefined) return `at least ${min} ${what}`;
  if (max !== undefined) return `at most ${max} ${what}`;
  return what;
}

/** A string the schema marks as Markdown (`.meta(markdownMeta)`, app/content/schema.ts). */
const isMarkdown = (schema: z.ZodType) =>
  (schema as unknown as { meta(): { contentMediaType?: string } | undefined }).meta()?.contentMediaType ===
  markdownMeta.contentMediaType;

export const markdownHint =
  "Markdown: ## for a heading (### and #### below it), a blank line between paragraphs, - for a list, **bold**, *italic*, [words](https://…) for a link, > for a quote, ![what it shows](/media/…) for an image.";

const isScalarList = (element: z.ZodType) => {
  const type = defOf(unwrap(element).schema).type;
  return type === "string" || type === "enum";
};

/** The fields of `schema` for `data` (an object schema: an item), named from `prefix`. */
export function describeFields(schema: z.ZodType, data: unknown, prefix = ""): EditorField[] {
  const def = defOf(schema);
  if (def.type !== "object" || !def.shape) return [];
  const values = (data ?? {}) as Record<string, unknown>;
  return Object.entries(def.shape).map(([key, child]) => describeField(child, values[key], `${prefix}${key}`, key));
}

function describeField(field: z.ZodType, value: unknown, name: string, key: string): EditorField {
  const { schema, optional } = unwrap(field);
  const def = defOf(schema);
  const common = { name, label: labelOf(key), required: !optional };
  const meta = metaOf(field);
  if (meta === "kept") return { ...common, kind: "kept" };
  if (meta === "pence") return { ...common, kind: "money", hint: moneyHint };
  if (meta === "course-slots") {
    const min = checkOf(def, "min_length")?.minimum ?? 0;
    const slots = checkOf(def, "max_length")?.maximum ?? 1;
    const hint = `Choose ${min === slots ? slots : `${min} to ${slots}`} courses, in the order the site shows them; leave a slot empty to show fewer.`;
    return { ...common, kind: "course-slots", hint, min, slots, options: [] };
  }
  if (isImageField(schema)) return { ...common, kind: "image" };
  switch (def.type) {
    case "object":
      return { ...common, kind: "group", fields: describeFields(schema, value, `${name}.`) };
    case "number":
      return { ...common, kind: "number", min: checkOf(def, "greater_than")?.minimum };
    case "boolean":
      return { ...common, kind: "yes-no" };
    case "enum":
      return { ...common, kind: "choice", options: Object.values(def.entries ?? {}) };
    case "literal":
      return { ...common, kind: "choice", options: (def.values ?? []).map(String) };
    case "tuple":
      return { ...common, kind: "lines", hint: `One per line: exactly ${def.items?.length ?? 0}.` };
    case "array": {
      const element = def.element!;
      if (isScalarList(element)) {
        const options = defOf(unwrap(element).schema).entries;
        const choices = options ? ` Each one of: ${Object.values(options).join(", ")}.` : "";
        return { ...common, kind: "lines", hint: `One per line: ${lengthHint(def, "lines")}.${choices}` };
      }
      const list = Array.isArray(value) ? value : [];
      const max = checkOf(def, "length_equals")?.length ?? checkOf(def, "max_length")?.maximum;
      const count = max !== undefined && list.length >= max ? list.length : list.length + 1;
      const itemLabel = labelOf(key).replace(/s$/, "");
      return {
        ...common,
        kind: "list",
        hint: `${lengthHint(def, "items")}. Clear every field of one to take it out${count > list.length ? "; fill in the last, blank one to add one" : ""}.`,
        items: Array.from({ length: count }, (_, i) => ({
          label: `${itemLabel} ${i + 1}${i >= list.length ? " (new)" : ""}`,
          fields: describeFields(element, list[i], `${name}.${i}.`),
        })),
      };
    }
    default: {
      const maxLength = (schema as unknown as { maxLength?: number | null }).maxLength ?? undefined;
      if (isMarkdown(schema)) {
        return { ...common, kind: "markdown", hint: markdownHint, ...(maxLength !== undefined ? { maxLength } : {}) };
      }
      const long = (maxLength === undefined && longText.test(key)) || (maxLength ?? 0) > 120;
      const hint =
        def.format === "datetime"
          ? "Date, time and UTC offset, for example 2027-05-12T12:30:00+01:00 (London summer time)."
          : def.format === "date" || key === "startDate" || key === "until"
            ? "For example 2027-05-12."
            : key === "starts" || key === "ends"
              ? "London time, 24-hour clock: for example 09:00."
              : key === "id" || key === "slug"
                ? "Lower-case words joined by hyphens: it is the page's address."
                : undefined;
      return {
        ...common,
        kind: "text",
        long,
        ...(maxLength !== undefined ? { maxLength } : {}),
        ...(hint ? { hint } : {}),
      };
    }
  }
}

/** The form's values for `data`: each field's text, by its name. */
export function formValues(schema: z.ZodType, data: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  const walk = (field: z.ZodType, value: unknown, name: string) => {
    if (value === undefined || value === null) return;
    const def = defOf(unwrap(field).schema);
    if (def.type === "object") {
      for (const [key, child] of Object.entries(def.shape ?? {})) {
        walk(child, (value as Record<string, unknown>)[key], name ? `${name}.${key}` : key);
      }
    } else if (metaOf(field) === "pence" && typeof value === "number") {
      values[name] = poundsText(value);
    } else if (metaOf(field) === "course-slots" && Array.isArray(value)) {
      value.forEach((item, i) => (values[`${name}.${i}`] = String(item)));
    } else if (def.type === "array" && !isScalarList(def.element!) && Array.isArray(value)) {
      value.forEach((item, i) => walk(def.element!, item, `${name}.${i}`));
    } else if (Array.isArray(value)) values[name] = value.map(String).join("\n");
    else if (typeof value === "boolean") values[name] = value ? "yes" : "no";
    else values[name] = String(value);
  };
  walk(schema, data, "");
  return values;
}

/** The item a posted form describes, for the schema to check. `get` reads a field's text (null: absent). */
export function readItemForm(
  schema: z.ZodType,
  get: (name: string) => string | null,
  names: readonly string[],
): unknown {
  const read = (field: z.ZodType, name: string): unknown => {
    const { schema: inner, optional } = unwrap(field);
    const def = defOf(inner);
    const text = get(name);
    switch (def.type) {
      case "object": {
        // An image field with no image chosen is no image (its alt text, if any, goes with it).
        if (isImageField(inner) && (get(`${name}.id`) ?? "").trim() === "") return undefined;
        // An optional group left blank is no group (a session's venue online, an early bird not offered).
        if (optional && !names.some((n) => n.startsWith(`${name}.`) && (get(n) ?? "").trim() !== "")) return undefined;
        const item: Record<string, unknown> = {};
        for (const [key, child] of Object.entries(def.shape ?? {})) {
          const value = read(child, name ? `${name}.${key}` : key);
          if (value !== undefined) item[key] = value;
        }
        return optional && Object.keys(item).length === 0 ? undefined : item;
      }
      case "array":
      case "tuple": {
        if (metaOf(field) === "course-slots") {
          const slots = names
            .filter((n) => n.startsWith(`${name}.`) && /^\d+$/.test(n.slice(name.length + 1)))
            .sort((a, b) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
          return slots.map((n) => (get(n) ?? "").trim()).filter(Boolean);
        }
        if (def.type === "tuple" || isScalarList(def.element!)) {
          const lines = (text ?? "")
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean);
          return optional && lines.length === 0 ? undefined : lines;
        }
        const indexes = new Set<number>();
        const pattern = new RegExp(`^${name.replace(/[.]/g, "\\.")}\\.(\\d+)\\.`);
        for (const n of names) {
          const match = pattern.exec(n);
          if (match) indexes.add(Number(match[1]));
        }
        const items = [...indexes]
          .sort((a, b) => a - b)
          .filter((i) => names.some((n) => n.startsWith(`${name}.${i}.`) && (get(n) ?? "").trim() !== ""))
          .map((i) => read(def.element!, `${name}.${i}`));
        return optional && items.length === 0 ? undefined : items;
      }
      case "number": {
        const trimmed = (text ?? "").trim();
        if (trimmed === "") return undefined;
        if (metaOf(field) === "pence") return penceFromPounds(trimmed) ?? trimmed;
        const number = Number(trimmed);
        return Number.isNaN(number) ? trimmed : number;
      }
      case "boolean":
        return text === "yes" ? true : text === "no" ? false : undefined;
      default: {
        if (text === null) return undefined;
        return optional && text.trim() === "" ? undefined : text;
      }
    }
  };
  return read(schema, "");
}
