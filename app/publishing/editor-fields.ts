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
import { markdownMeta } from "~/content/rich-text.ts";
import { isImageField } from "~/content/image-ref.ts";
import { choiceLabel } from "~/content/field-meta.ts";
import { dateInWords, dateText, timeText, wallClockIso, wallClockOf, weekdays } from "~/time/london.ts";

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
  /** `input`: a date (`YYYY-MM-DD`) or a time of day (`HH:MM`), shown as the browser's date or time input. */
  | (Common & { kind: "text"; long: boolean; maxLength?: number; hint?: string; input?: "date" | "time" })
  | (Common & { kind: "number"; min?: number; max?: number })
  /** An amount kept in pence, edited in pounds ("4,050.00"): a schema's `.meta(penceMeta)`. */
  | (Common & { kind: "money"; hint: string })
  /** One of fixed values, each shown by its name (`.meta(choiceMeta({...}))` on the enum, or the value in words). */
  | (Common & { kind: "choice"; options: ChoiceOption[] })
  | (Common & { kind: "yes-no" })
  | (Common & { kind: "lines"; hint: string })
  /** Rich text (app/content/rich-text.ts): a text area with a live preview. */
  | (Common & { kind: "markdown"; hint: string; maxLength?: number })
  | (Common & { kind: "group"; fields: EditorField[] })
  /** A picture from the library (`<name>.id`) and its alt text (`<name>.alt`), ADR 049. */
  | (Common & { kind: "image" })
  /**
   * A list of groups (a course's days, its FAQs): one fieldset per item, with
   * buttons to add, remove and move items (`list:add:<name>`, `list:up:<name>.<i>`…),
   * which the server answers by showing the form changed, nothing saved.
   */
  | (Common & {
      kind: "list";
      hint: string;
      /** What one item is called ("Day", "FAQ"): the add button says "Add a FAQ". */
      noun: string;
      items: { label: string; fields: EditorField[] }[];
      canAdd: boolean;
      canRemove: boolean;
      canMove: boolean;
    })
  /**
   * An instant (an ISO date-time with offset) edited as a London date
   * (`<name>.date`) and time (`<name>.time`): the server works out the offset.
   */
  | (Common & { kind: "datetime"; hint: string })
  /**
   * A reference to another item (a trainer, a course, a pillar…): a choice by
   * name, the value its id. One choice (`<name>`), or one per slot
   * (`<name>.0`, `<name>.1`…) for a list of them. The editor fills in the options.
   */
  | (Common & { kind: "reference"; to: string; noun: string; options: ReferenceOption[]; slots?: ReferenceSlots })
  /** A value the form carries unchanged (set elsewhere: a guide's uploaded PDF). */
  | (Common & { kind: "kept" });

export type ReferenceOption = { value: string; label: string };
export type ReferenceSlots = { min: number; count: number; hint: string };
/** @deprecated the name of a reference's option before references were one kind. */
export type SlotOption = ReferenceOption;

/** What an item of each type is called in a reference's messages ("choose a trainer"). */
const referenceNouns: Record<string, string> = {
  trainer: "trainer",
  course: "course",
  pillar: "pillar",
  guide: "guide",
  testimonial: "testimonial",
};

export type ChoiceOption = { value: string; label: string };

/** A choice field's options: each value with its name. */
function choiceOptions(schema: z.ZodType, values: readonly unknown[]): ChoiceOption[] {
  const labels = (z.globalRegistry.get(schema) as { choiceLabels?: Record<string, string> } | undefined)?.choiceLabels;
  return values.map(String).map((value) => ({ value, label: choiceLabel(value, labels) }));
}

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

/** What a field's schema asks of the editor (featured.ts, guide-files.ts): money, a reference, kept out of sight. */
function editorMetaOf(schema: z.ZodType): { editor?: unknown; to?: unknown } | undefined {
  return z.globalRegistry.get(schema) as { editor?: unknown; to?: unknown } | undefined;
}
function editorMeta(schema: z.ZodType): string | undefined {
  const meta = editorMetaOf(schema);
  return typeof meta?.editor === "string" ? meta.editor : undefined;
}
const metaOf = (field: z.ZodType) => editorMeta(field) ?? editorMeta(unwrap(field).schema);

/** The type a field refers to (`.meta(referenceMeta(to))` on it, or on the items of a list of them), or null. */
function referenceTo(field: z.ZodType): string | null {
  for (const schema of [field, unwrap(field).schema]) {
    const meta = editorMetaOf(schema);
    if (meta?.editor === "reference" && typeof meta.to === "string") return meta.to;
  }
  return null;
}

/** A list of references: the type its items refer to, or null. */
function referenceListTo(field: z.ZodType): string | null {
  const own = referenceTo(field);
  const def = defOf(unwrap(field).schema);
  if (def.type !== "array" && def.type !== "tuple") return null;
  if (own) return own;
  const element = def.type === "array" ? def.element : def.items?.[0];
  return element ? referenceTo(element) : null;
}

/** "heroTitle" → "Hero title"; "seo" → "SEO"; a list item's number is added by the list. */
export function labelOf(name: string): string {
  const known: Record<string, string> = {
    seo: "Search engines (SEO)",
    faqs: "FAQs",
    id: "Address (slug)",
    slug: "Address (slug)",
    joinUrl: "Joining link (sent to registrants only, never shown on the site)",
    joiningLink: "Joining link (live online: sent to the delegates only, never shown on the site)",
    pricePence: "Price per person (£, before VAT)",
    hours: "Days",
    presenterTrainerId: "Presenter",
    authorTrainerId: "Author",
    instructorIds: "Trainers",
    relatedCourseIds: "Related courses",
    featuredBlockCourseIds: "Featured block courses",
    courseId: "Course",
    startsAt: "Starts at",
    startDate: "Start date",
    readingMinutes: "Reading time (minutes)",
    lead: "Shown on the About page",
  };
  if (known[name]) return known[name];
  // A number with its unit in its name: "durationMinutes" is "Duration (minutes)".
  const unit = /^(.+)(Minutes|Days|Hours)$/.exec(name);
  if (unit) return `${labelOf(unit[1]!)} (${unit[2]!.toLowerCase()})`;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/Ids?\b/g, "")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What one item of a list of groups is called: "Day" for a course's curriculum, "FAQ" for its FAQs. */
export function listNoun(key: string): string {
  const known: Record<string, string> = {
    curriculum: "Day",
    hours: "Day",
    faqs: "FAQ",
    deliveryOptions: "Delivery option",
    social: "Social profile",
    industries: "Industry",
  };
  return known[key] ?? labelOf(key).replace(/s$/, "");
}

/** A list item's label: "FAQ 3"; a session's days, one a weekday: "Day 2 (Tuesday)". */
export function listItemLabel(key: string, index: number): string {
  if (key === "hours") return `Day ${index + 1} (${weekdays[index % 7]})`;
  return `${listNoun(key)} ${index + 1}`;
}

/** "a FAQ", "an item", "a day": the article before a noun, for "Add a day". */
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) && !/^(FAQ|u)/.test(noun) ? "an" : "a"} ${noun}`;

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

export const dateTimeHint = "London time: the site works out whether it is summer time on that day.";

const isScalarList = (element: z.ZodType) => {
  const type = defOf(unwrap(element).schema).type;
  return type === "string" || type === "enum";
};

/** A string field the browser shows as a date or a time input: ISO dates, a session's dates and hours. */
function textInputOf(def: Def, key: string): "date" | "time" | undefined {
  if (def.format === "date" || key === "startDate" || key === "until") return "date";
  if (key === "starts" || key === "ends") return "time";
  return undefined;
}
const isDateTime = (def: Def) => def.type === "string" && def.format === "datetime";

/** The fields of `schema` for `data` (an object schema: an item), named from `prefix`. */
export function describeFields(schema: z.ZodType, data: unknown, prefix = ""): EditorField[] {
  const def = defOf(schema);
  if (def.type !== "object" || !def.shape) return [];
  const values = (data ?? {}) as Record<string, unknown>;
  return Object.entries(def.shape).map(([key, child]) => describeField(child, values[key], `${prefix}${key}`, key));
}

/** How many references a list of them holds: at least `min`, one choice per slot up to `count`. */
function referenceSlots(def: Def, label: string, noun: string): ReferenceSlots {
  if (def.type === "tuple") {
    const count = def.items?.length ?? 1;
    return { min: count, count, hint: `Choose ${count} ${noun}s.` };
  }
  const element = def.element ? defOf(unwrap(def.element).schema) : undefined;
  const enumCount = element?.entries ? Object.keys(element.entries).length : undefined;
  const min = checkOf(def, "min_length")?.minimum ?? checkOf(def, "length_equals")?.length ?? 0;
  const count = checkOf(def, "max_length")?.maximum ?? checkOf(def, "length_equals")?.length ?? enumCount ?? 3;
  const howMany = min === count ? `${count}` : min === 0 ? `up to ${count}` : `${min} to ${count}`;
  void label;
  return {
    min,
    count,
    hint: `Choose ${howMany} ${noun}${count === 1 ? "" : "s"}, in the order the site shows them; leave a place empty to show fewer.`,
  };
}

function describeField(field: z.ZodType, value: unknown, name: string, key: string): EditorField {
  const { schema, optional } = unwrap(field);
  const def = defOf(schema);
  const common = { name, label: labelOf(key), required: !optional };
  const meta = metaOf(field);
  if (meta === "kept") return { ...common, kind: "kept" };
  if (meta === "pence") return { ...common, kind: "money", hint: moneyHint };
  const listTo = referenceListTo(field);
  if (listTo) {
    const noun = referenceNouns[listTo] ?? listTo;
    return {
      ...common,
      kind: "reference",
      to: listTo,
      noun,
      options: [],
      slots: referenceSlots(def, common.label, noun),
    };
  }
  const to = referenceTo(field);
  if (to) return { ...common, kind: "reference", to, noun: referenceNouns[to] ?? to, options: [] };
  if (isImageField(schema)) return { ...common, kind: "image" };
  if (isDateTime(def)) return { ...common, kind: "datetime", hint: dateTimeHint };
  switch (def.type) {
    case "object":
      return { ...common, kind: "group", fields: describeFields(schema, value, `${name}.`) };
    case "number":
      return { ...common, kind: "number", min: checkOf(def, "greater_than")?.minimum };
    case "boolean":
      return { ...common, kind: "yes-no" };
    case "enum":
      return { ...common, kind: "choice", options: choiceOptions(schema, Object.values(def.entries ?? {})) };
    case "literal":
      return { ...common, kind: "choice", options: choiceOptions(schema, def.values ?? []) };
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
      const exact = checkOf(def, "length_equals")?.length;
      const min = checkOf(def, "min_length")?.minimum ?? 0;
      const max = checkOf(def, "max_length")?.maximum;
      // A list of fixed length shows all its items from the start.
      const count = exact !== undefined ? Math.max(exact, list.length) : list.length;
      const noun = listNoun(key);
      const plural = noun.endsWith("y") && noun !== "Day" ? `${noun.slice(0, -1)}ies` : `${noun}s`;
      const hint = lengthHint(def, /^[A-Z]{2}/.test(plural) ? plural : plural.toLowerCase());
      return {
        ...common,
        kind: "list",
        noun,
        hint: `${hint.charAt(0).toUpperCase()}${hint.slice(1)}.`,
        canAdd: exact === undefined && (max === undefined || count < max),
        canRemove: exact === undefined && count > min,
        canMove: key !== "hours",
        items: Array.from({ length: count }, (_, i) => ({
          label: listItemLabel(key, i),
          fields: describeFields(element, list[i], `${name}.${i}.`),
        })),
      };
    }
    default: {
      const maxLength = (schema as unknown as { maxLength?: number | null }).maxLength ?? undefined;
      if (isMarkdown(schema)) {
        return { ...common, kind: "markdown", hint: markdownHint, ...(maxLength !== undefined ? { maxLength } : {}) };
      }
      const input = textInputOf(def, key);
      if (input) return { ...common, kind: "text", long: false, input };
      const long = (maxLength === undefined && longText.test(key)) || (maxLength ?? 0) > 120;
      const hint =
        key === "id" || key === "slug" ? "Lower-case words joined by hyphens: it is the page's address." : undefined;
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
    } else if (referenceListTo(field) && Array.isArray(value)) {
      value.forEach((item, i) => (values[`${name}.${i}`] = String(item)));
    } else if (isDateTime(def) && typeof value === "string") {
      const wall = wallClockOf(value, londonTime);
      values[`${name}.date`] = wall?.date ?? value;
      values[`${name}.time`] = wall?.time ?? "";
    } else if (def.type === "array" && !isScalarList(def.element!) && Array.isArray(value)) {
      value.forEach((item, i) => walk(def.element!, item, `${name}.${i}`));
    } else if (Array.isArray(value)) values[name] = value.map(String).join("\n");
    else if (typeof value === "boolean") values[name] = value ? "yes" : "no";
    else values[name] = String(value);
  };
  walk(schema, data, "");
  return values;
}

const londonTime = "Europe/London";

/** Why a London date and time could not be read, in the team's words. */
function wallClockProblem(problem: "not-a-date" | "not-a-time" | "skipped" | "repeated", date: string, time: string) {
  const day = dateInWords(date) ?? date;
  switch (problem) {
    case "not-a-date":
      return "must be a date, such as 12 May 2027";
    case "not-a-time":
      return "must be a time on the 24-hour clock, such as 12:30";
    case "skipped":
      return `${time} on ${day} does not exist in London: the clocks go forward from 01:00 to 02:00 that night. Choose another time.`;
    case "repeated":
      return `${time} on ${day} happens twice in London: the clocks go back from 02:00 to 01:00 that night. Choose a time outside 01:00 to 01:59.`;
  }
}

/** A problem found in reading the form (a date and time that is not one), by the field's name. */
export type FormProblem = { path: string; message: string };

export type ReadOptions = {
  /**
   * Keep the items of a list whose fields are all blank (a list's buttons,
   * which show the form changed). Without it, a wholly blank item is left
   * out, as older forms posted a blank one to add another.
   */
  keepBlank?: boolean;
  /** Where to put what cannot be read (a London time that does not exist). */
  problems?: FormProblem[];
};

/** The item a posted form describes, for the schema to check. `get` reads a field's text (null: absent). */
export function readItemForm(
  schema: z.ZodType,
  get: (name: string) => string | null,
  names: readonly string[],
  options: ReadOptions = {},
): unknown {
  const read = (field: z.ZodType, name: string, key: string): unknown => {
    const { schema: inner, optional } = unwrap(field);
    const def = defOf(inner);
    const text = get(name);
    if (isDateTime(def)) {
      // A form from before the date and time inputs posted the ISO text itself.
      if (text !== null) return optional && text.trim() === "" ? undefined : text;
      const date = dateText(get(`${name}.date`) ?? "");
      const time = timeText(get(`${name}.time`) ?? "");
      if (date === "" && time === "") return optional ? undefined : "";
      const reading = wallClockIso(date, time, londonTime);
      if (reading.ok) return reading.iso;
      options.problems?.push({ path: name, message: wallClockProblem(reading.problem, date, time) });
      return "";
    }
    switch (def.type) {
      case "object": {
        // An image field with no image chosen is no image (its alt text, if any, goes with it).
        if (isImageField(inner) && (get(`${name}.id`) ?? "").trim() === "") return undefined;
        // An optional group left blank is no group (a session's venue online, an early bird not offered).
        if (optional && !names.some((n) => n.startsWith(`${name}.`) && (get(n) ?? "").trim() !== "")) return undefined;
        const item: Record<string, unknown> = {};
        for (const [childKey, child] of Object.entries(def.shape ?? {})) {
          const value = read(child, name ? `${name}.${childKey}` : childKey, childKey);
          if (value !== undefined) item[childKey] = value;
        }
        return optional && Object.keys(item).length === 0 ? undefined : item;
      }
      case "array":
      case "tuple": {
        if (referenceListTo(field) && text === null) {
          const slots = names
            .filter((n) => n.startsWith(`${name}.`) && /^\d+$/.test(n.slice(name.length + 1)))
            .sort((a, b) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
          const chosen = slots.map((n) => (get(n) ?? "").trim()).filter(Boolean);
          return optional && chosen.length === 0 ? undefined : chosen;
        }
        if (def.type === "tuple" || isScalarList(def.element!) || referenceListTo(field)) {
          const lines = (text ?? "")
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean);
          return optional && lines.length === 0 ? undefined : lines;
        }
        const items = listIndexes(name, names)
          .filter(
            (i) =>
              options.keepBlank || names.some((n) => n.startsWith(`${name}.${i}.`) && (get(n) ?? "").trim() !== ""),
          )
          .map((i) => read(def.element!, `${name}.${i}`, key));
        return optional && items.length === 0 && !options.keepBlank ? undefined : items;
      }
      case "number": {
        const trimmed = (text ?? "").trim();
        if (trimmed === "") return undefined;
        if (metaOf(field) === "pence") return penceFromPounds(trimmed) ?? trimmed;
        const number = Number(trimmed.replaceAll(",", ""));
        return Number.isNaN(number) ? trimmed : number;
      }
      case "boolean":
        return text === "yes" ? true : text === "no" ? false : undefined;
      default: {
        if (text === null) return undefined;
        if (optional && text.trim() === "") return undefined;
        const input = textInputOf(def, key);
        return input === "date" ? dateText(text) : input === "time" ? timeText(text) : text;
      }
    }
  };
  return read(schema, "", "");
}

/** The item numbers a list named `name` has in the posted form, in order. */
function listIndexes(name: string, names: readonly string[]): number[] {
  const indexes = new Set<number>();
  const pattern = new RegExp(`^${name.replace(/[.]/g, "\\.")}\\.(\\d+)\\.`);
  for (const n of names) {
    const match = pattern.exec(n);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes].sort((a, b) => a - b);
}

/** What a list's button asks: add an item, remove one, move one up or down. */
export type ListIntent =
  { action: "add"; list: string } | { action: "remove" | "up" | "down"; list: string; index: number };

/** `list:add:faqs`, `list:remove:faqs.2`, `list:up:curriculum.1`… read, or null. */
export function listIntent(intent: string): ListIntent | null {
  const add = /^list:add:([A-Za-z0-9.]+)$/.exec(intent);
  if (add) return { action: "add", list: add[1]! };
  const item = /^list:(remove|up|down):([A-Za-z0-9.]+)\.(\d{1,3})$/.exec(intent);
  if (!item) return null;
  return { action: item[1] as "remove" | "up" | "down", list: item[2]!, index: Number(item[3]) };
}

/** The list field named `name` among `fields` (in groups too), or null. */
function findList(fields: readonly EditorField[], name: string): Extract<EditorField, { kind: "list" }> | null {
  for (const f of fields) {
    if (f.kind === "list" && f.name === name) return f;
    const inner = f.kind === "group" ? f.fields : f.kind === "list" ? f.items.flatMap((i) => i.fields) : [];
    const found = findList(inner, name);
    if (found) return found;
  }
  return null;
}

/**
 * A list's button applied to the posted form: the form's fields and values
 * with the item added, removed or moved (nothing saved), and what changed
 * in words ("FAQ 4 added"); null if the button names no list it may change.
 */
export function applyListIntent(
  schema: z.ZodType,
  intent: ListIntent,
  values: Readonly<Record<string, string>>,
): { fields: EditorField[]; values: Record<string, string>; change: string; focus: string } | null {
  const names = Object.keys(values);
  const get = (n: string) => (Object.hasOwn(values, n) ? values[n]! : null);
  const data = readItemForm(schema, get, names, { keepBlank: true });
  const list = findList(describeFields(schema, data), intent.list);
  if (!list) return null;
  const count = list.items.length;
  const key = intent.list.split(".").at(-1)!;
  // Each old item's new place (undefined: taken out), and the count after.
  let order = Array.from({ length: count }, (_, i) => i);
  let change: string;
  let after = count;
  // Where the keyboard goes next: the item added or moved, or the list an item left.
  let focus = intent.list;
  if (intent.action === "add") {
    if (!list.canAdd) return null;
    after = count + 1;
    change = `${listItemLabel(key, count)} added`;
    focus = `${intent.list}.${count}`;
  } else {
    const i = intent.index;
    if (i >= count) return null;
    if (intent.action === "remove") {
      if (!list.canRemove) return null;
      order = order.filter((n) => n !== i);
      after = count - 1;
      change = `${listItemLabel(key, i)} removed`;
    } else {
      const j = intent.action === "up" ? i - 1 : i + 1;
      if (!list.canMove || j < 0 || j >= count) return null;
      [order[i], order[j]] = [order[j]!, order[i]!];
      change = `${listItemLabel(key, i)} moved ${intent.action} (it is now ${listItemLabel(key, j)})`;
      focus = `${intent.list}.${j}`;
    }
  }
  const newIndex = new Map(order.map((old, place) => [old, place]));
  const prefix = `${intent.list}.`;
  const moved: Record<string, string> = {};
  for (const [n, v] of Object.entries(values)) {
    const match = n.startsWith(prefix) ? /^(\d+)(\..*)$/.exec(n.slice(prefix.length)) : null;
    if (!match) moved[n] = v;
    else {
      const place = newIndex.get(Number(match[1]));
      if (place !== undefined) moved[`${prefix}${place}${match[2]}`] = v;
    }
  }
  // The fields for the list's new length (a blank item at the end when one was added).
  const reshaped = setIn(data, intent.list, (items) => {
    const kept = order.map((old) => items[old]);
    return after > kept.length ? [...kept, {}] : kept;
  });
  return { fields: describeFields(schema, reshaped), values: moved, change, focus };
}

/** `data` with the list at `path` ("about.industries") replaced by `change(list)`. */
function setIn(data: unknown, path: string, change: (items: unknown[]) => unknown[]): unknown {
  const [head, ...rest] = path.split(".");
  const record = { ...((data ?? {}) as Record<string, unknown>) };
  if (rest.length === 0) {
    record[head!] = change(Array.isArray(record[head!]) ? (record[head!] as unknown[]) : []);
  } else if (/^\d+$/.test(rest[0]!) && Array.isArray(record[head!])) {
    const items = [...(record[head!] as unknown[])];
    const index = Number(rest[0]);
    items[index] = rest.length === 1 ? items[index] : setIn(items[index], rest.slice(1).join("."), change);
    record[head!] = items;
  } else record[head!] = setIn(record[head!], rest.join("."), change);
  return record;
}

/**
 * Each field's name as the form shows it, by its name: "Title", "Day 2
 * (Tuesday), ends", "Trainers: place 2", for the messages of a refused save.
 */
export function fieldLabels(
  fields: readonly EditorField[],
  within = "",
): Map<string, { label: string; field: EditorField }> {
  const labels = new Map<string, { label: string; field: EditorField }>();
  const named = (label: string) => (within ? `${within}, ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label);
  for (const field of fields) {
    const label = named(field.label);
    labels.set(field.name, { label, field });
    if (field.kind === "group") for (const [n, l] of fieldLabels(field.fields, label)) labels.set(n, l);
    if (field.kind === "list")
      field.items.forEach((item, i) => {
        labels.set(`${field.name}.${i}`, { label: named(item.label), field });
        for (const [n, l] of fieldLabels(item.fields, named(item.label))) labels.set(n, l);
      });
    if (field.kind === "reference" && field.slots)
      for (let i = 0; i < field.slots.count; i++)
        labels.set(`${field.name}.${i}`, { label: `${label}: place ${i + 1}`, field });
    if (field.kind === "datetime") {
      labels.set(`${field.name}.date`, { label: `${label}, date`, field });
      labels.set(`${field.name}.time`, { label: `${label}, time`, field });
    }
  }
  return labels;
}

/**
 * A schema's message in the team's words: zod's own messages name types,
 * patterns and ISO formats ("Invalid input: expected string, received
 * undefined"); the schemas' own messages are already plain and kept.
 */
export function plainMessage(message: string, field?: EditorField): string {
  if (field?.kind === "reference") {
    if (/^(Invalid|Too small|Too big)/.test(message) || /slug|address/.test(message)) {
      const slots = field.slots;
      return slots
        ? `choose ${slots.min === slots.count ? slots.count : `${slots.min} to ${slots.count}`} ${field.noun}s`
        : `choose ${withArticle(field.noun)}`;
    }
    return message;
  }
  if (field?.kind === "datetime" && /^Invalid/.test(message)) return "choose a date and a time";
  if (field?.kind === "text" && field.input === "date" && /^Invalid/.test(message)) {
    return "must be a date, such as 12 May 2027";
  }
  if (/^Invalid input: expected \w+, received (undefined|null)$/.test(message)) return "is required: fill it in";
  if (/^Invalid input: expected (number|int)/.test(message)) return "must be a number, such as 12";
  if (/^Invalid input: expected/.test(message)) return "is required: fill it in";
  if (/^Invalid option/.test(message)) return "choose one of the options";
  if (/^Invalid ISO date/.test(message)) return "must be a date, such as 12 May 2027";
  if (/^Invalid string: must match pattern/.test(message)) return "is not written as expected: see the hint";
  if (/^Invalid (url|URL)/.test(message)) return "must be a full web address, starting https://";
  if (/^Invalid email/.test(message)) return "must be an e-mail address";
  let m = /^Too small: expected string to have >=?(\d+) characters?$/.exec(message);
  if (m) return m[1] === "1" ? "is required: fill it in" : `must be at least ${m[1]} characters`;
  m = /^Too big: expected string to have <=?(\d+) characters?$/.exec(message);
  if (m) return `must be at most ${m[1]} characters`;
  m = /^Too small: expected (?:array|set) to have >=?(\d+) items?$/.exec(message);
  if (m) return `needs at least ${m[1]}`;
  m = /^Too big: expected (?:array|set) to have <=?(\d+) items?$/.exec(message);
  if (m) return `takes at most ${m[1]}`;
  m = /^Too small: expected number to be >=?(-?[\d.]+)$/.exec(message);
  if (m) return `must be at least ${m[1]}`;
  m = /^Too big: expected number to be <=?(-?[\d.]+)$/.exec(message);
  if (m) return `must be at most ${m[1]}`;
  if (/^Invalid/.test(message)) return "is not valid here: check it";
  if (message === "must be a lowercase slug")
    return "must be lower-case words joined by hyphens, such as risk-management";
  return message;
}
