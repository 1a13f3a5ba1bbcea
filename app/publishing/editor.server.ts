/**
 * The content editor's work behind its pages (/admin/content…): what each
 * page shows, and each form's action (docs/decisions/045-content-in-the-database.md).
 * Routes stay thin: they read the request and hand it here.
 *
 * Every change is audited; every publish, unpublish and restore is served by
 * this instance at once (and by the others within their poll). A refused
 * save keeps the person's text: the page shows what they posted, with the
 * message (field by field, or the other editor's save).
 */
import { formatPenceGbp } from "~/format/money.ts";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { localDateTimeInstant } from "~/time/london.ts";
import {
  applyListIntent,
  describeFields,
  fieldLabels,
  formValues,
  labelOf,
  listIntent,
  plainMessage,
  readItemForm,
  type EditorField,
  type FormProblem,
} from "./editor-fields.ts";
import { standardSessionHours } from "~/content/session-formats.ts";
import {
  contentTypeNames,
  contentTypes,
  isContentType,
  itemPath,
  itemSchema,
  type ContentType,
  type ContentTypeDefinition,
} from "~/content/types.server.ts";
import type { Db } from "~/data/db.server.ts";
import { servicesContext } from "~/services.ts";
import type { AuditEntry } from "~/staff/audit.server.ts";
import type { StaffUser } from "~/staff/accounts.server.ts";
import { isAdministrator } from "~/staff/permissions.ts";
import { auditRequest, requirePermission, staffRequestContext } from "~/staff/request.server.ts";
import type { Keyring } from "~/secrets/sealing.server.ts";
import type { SiteContent } from "./site-content.server.ts";
import { sealJoiningLink, withOpenJoiningLink } from "./webinar-links.server.ts";
import { withNewSessionKey } from "./names-in-use.server.ts";
import { priceNeedsAdministrator, publishHooks } from "./publish-hooks.server.ts";
import { addressesOf, referenceChoices, usedBy } from "./store/addresses.server.ts";
import {
  createItem,
  deleteItem,
  publishItem,
  restoreRevision,
  saveDraft,
  schedulePublish,
  unpublishItem,
} from "./store/changes.server.ts";
import { listItems, readItem, readRevision, type ItemStatus } from "./store/reading.server.ts";
import {
  movesAddress,
  type ContentActor,
  type ContentRefusal,
  fieldIssues,
  type FieldIssue,
} from "./store/core.server.ts";
import type { AddressMove } from "./store/going-live.server.ts";

const timeZone = "Europe/London";

export type EditorContext = {
  db: Db;
  content: SiteContent;
  user: StaffUser;
  /** Seals and opens webinars' joining links (webinar-links.server.ts). */
  keys: Keyring;
  audit(entry: Omit<AuditEntry, "actor" | "ip">): Promise<void>;
};

/** The editor's context for a request in the back office: its database, the signed-in account, its audit. */
export function editorContext(context: Readonly<RouterContextProvider>): EditorContext {
  const user = requirePermission(context, "site");
  return {
    db: context.get(staffRequestContext).staff.db,
    keys: context.get(staffRequestContext).staff.keys,
    content: context.get(servicesContext).content,
    user,
    audit: (entry) => auditRequest(context, { ...entry, actor: user }, new Date()),
  };
}

/** The type named in the address, or a 404. */
export function contentTypeOf(name: string | undefined): ContentType {
  if (!name || !isContentType(name)) throw data("There is no such kind of content.", { status: 404 });
  return name;
}

/** The types, with how many items each has and how many wait to be published. */
export async function contentOverview(db: Db) {
  return Promise.all(
    contentTypeNames.map(async (type) => {
      const items = await listItems(db, type);
      return {
        type,
        plural: contentTypes[type].plural,
        count: items.length,
        unpublishedChanges: items.filter((i) => i.changed).length,
        scheduled: items.filter((i) => i.publishAt).length,
      };
    }),
  );
}

export async function contentList(db: Db, type: ContentType, search: string) {
  const definition: ContentTypeDefinition = contentTypes[type];
  return {
    type,
    label: definition.label,
    plural: definition.plural,
    canAdd: definition.shape === "list" && !definition.fixed,
    search,
    items: await listItems(db, type, search),
  };
}

/** A difference between two versions of an item, field by field. */
export type FieldChange = { name: string; live: string; other: string; label?: string };

function differences(schema: Parameters<typeof formValues>[0], live: unknown, other: unknown): FieldChange[] {
  const a = live === null ? {} : formValues(schema, live);
  const b = formValues(schema, other);
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return names
    .filter((n) => (a[n] ?? "") !== (b[n] ?? ""))
    .map((n) => ({ name: n, live: a[n] ?? "", other: b[n] ?? "" }));
}

export type ItemPage = {
  type: ContentType;
  label: string;
  plural: string;
  key: string;
  title: string;
  status: ItemStatus;
  fixed: boolean;
  /** Its address (id or slug) may change: the old one then 301s to the new (ADR 047). */
  movable: boolean;
  draftVersion: number;
  savedAt: string;
  publishAt: string | null;
  /** The draft differs from what is live. */
  changed: boolean;
  path: string;
  fields: EditorField[];
  values: Record<string, string>;
  revisions: { revision: number; publishedAt: string; publishedBy: string; note: string; live: boolean }[];
  /** The items that refer to it (by its address), each with its editor page. */
  usedBy: { label: string; title: string; href: string; fields: string }[];
  /** A revision compared with the live one (`?compare=N`). */
  compare: { revision: number; changes: FieldChange[] } | null;
};

export async function contentItemPage(
  db: Db,
  keys: Keyring,
  type: ContentType,
  key: string,
  compareWith: string | null,
): Promise<ItemPage> {
  const stored = await readItem(db, type, key);
  const schema = itemSchema(type, key);
  if (!stored || !schema) throw data("There is no such item.", { status: 404 });
  // What the team sees: a webinar's joining link opened (it is stored sealed).
  const item = {
    ...stored,
    draft: withOpenJoiningLink(keys, type, stored.draft),
    published: withOpenJoiningLink(keys, type, stored.published),
  };
  const definition: ContentTypeDefinition = contentTypes[type];
  let compare: ItemPage["compare"] = null;
  const revision = compareWith === null ? NaN : Number(compareWith);
  if (Number.isInteger(revision)) {
    const old = await readRevision(db, type, key, revision);
    if (old !== null) {
      // Each change named as the form names its field ("FAQ 2, question"), never by its path.
      const labels = fieldLabels(describeFields(schema, old));
      const changes = differences(schema, item.published, withOpenJoiningLink(keys, type, old)).map((c) => ({
        ...c,
        label: labels.get(c.name)?.label ?? labels.get(c.name.replace(/\.(date|time)$/, ""))?.label ?? c.name,
      }));
      compare = { revision, changes };
    }
  }
  return {
    type,
    label: definition.label,
    plural: definition.plural,
    key,
    title: item.title,
    status: item.status,
    fixed: definition.fixed,
    movable: movesAddress(type),
    draftVersion: item.draftVersion,
    savedAt: item.savedAt,
    publishAt: item.publishAt,
    changed: item.status !== "live" || JSON.stringify(item.draft) !== JSON.stringify(item.published),
    // Where it is on the site: its published address (a new one in the draft is not there yet).
    path: itemPath(type, key, item.published ?? item.draft),
    fields: await withChoices(db, describeFields(schema, item.draft), formValues(schema, item.draft)),
    values: formValues(schema, item.draft),
    revisions: item.revisions,
    usedBy: (await usedBy(db, type, key, await addressesOf(db, type, key))).map((r) => ({
      label: contentTypes[r.type].label,
      title: r.title,
      href: `/admin/content/${r.type}/${encodeURIComponent(r.key)}`,
      fields: r.fields.join(", "),
    })),
    compare,
  };
}

/**
 * The choices of every reference field (a presenter, a webinar's pillar, a
 * course's related courses): the items of the type it refers to, from the
 * database, by title; a draft not on the site yet is offered, named as such;
 * a value the item holds that no longer names an item is kept, named as such,
 * so the form shows what the item holds.
 */
async function withChoices(
  db: Db,
  fields: readonly EditorField[],
  values: Readonly<Record<string, string>>,
): Promise<EditorField[]> {
  const cache = new Map<string, Promise<{ value: string; label: string }[]>>();
  const choicesOf = (to: string) => {
    if (!cache.has(to)) cache.set(to, isContentType(to) ? referenceChoices(db, to) : Promise.resolve([]));
    return cache.get(to)!;
  };
  const fill = (list: readonly EditorField[]): Promise<EditorField[]> =>
    Promise.all(
      list.map(async (field): Promise<EditorField> => {
        if (field.kind === "group") return { ...field, fields: await fill(field.fields) };
        if (field.kind === "list") {
          return {
            ...field,
            items: await Promise.all(field.items.map(async (i) => ({ ...i, fields: await fill(i.fields) }))),
          };
        }
        if (field.kind !== "reference") return field;
        const offered = (await choicesOf(field.to)).map(({ value, label }) => ({ value, label }));
        const known = new Set(offered.map((o) => o.value));
        const held = field.slots
          ? Array.from({ length: field.slots.count }, (_, i) => values[`${field.name}.${i}`] ?? "")
          : [values[field.name] ?? ""];
        const gone = [...new Set(held.filter((id) => id && !known.has(id)))].map((id) => ({
          value: id,
          label: `${id} (no longer exists)`,
        }));
        return { ...field, options: [...offered, ...gone] };
      }),
    );
  return fill(fields);
}

/** What a new item of a type starts with: a course date's five days at the standard in-person hours. */
function newItemData(type: ContentType): Record<string, unknown> {
  if (type === "session") return { format: "in-person", state: "open", hours: standardSessionHours["in-person"] };
  return {};
}

/** A blank item's form, for a type that takes new ones (a course date's days prefilled with the standard hours). */
export async function newItemPage(db: Db, type: ContentType) {
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.shape !== "list" || definition.fixed) {
    throw data(`${definition.plural} are fixed: each can be edited, but none added.`, { status: 404 });
  }
  const start = newItemData(type);
  const values = formValues(definition.schema, start);
  return {
    type,
    label: definition.label,
    plural: definition.plural,
    fields: await withChoices(db, describeFields(definition.schema, start), values),
    values,
  };
}

/** What a refused form answers: the message, each field's, and the text posted (kept). */
export type EditorAnswer = {
  done?: string;
  message?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  conflict?: boolean;
  /** A publish that wants the person's confirmation (a session with bookings): what to confirm. */
  confirm?: string;
  /** A list's button was pressed: what changed in the form, not saved yet. */
  pending?: string;
  /** After a list's button: the field (an item, or the list) the keyboard goes to. */
  focus?: string;
  /** The form's fields for the values posted (a list grown, shrunk or reordered), when they differ from the page's. */
  fields?: EditorField[];
};

function formFields(form: FormData) {
  const names = [...form.keys()].filter(
    (n) => n !== "intent" && n !== "_csrf" && n !== "version" && n !== "publishAt" && n !== "confirm",
  );
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  const values = Object.fromEntries(names.map((n) => [n, get(n) ?? ""]));
  return { names, get, values };
}

const placeholder = "copy contains a placeholder";

/**
 * Each field's first message, named as the form shows the field ("Day 2
 * (Tuesday), ends", "Presenter"; the summary lists them all) and in the
 * editor's words, never a schema path or zod's notation.
 */
export function errorsOf(issues: readonly FieldIssue[], fields: readonly EditorField[]): Record<string, string> {
  const labels = fieldLabels(fields);
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    let path = issue.path;
    let known = labels.get(path);
    while (!known && path.includes(".")) {
      path = path.slice(0, path.lastIndexOf("."));
      known = labels.get(path);
    }
    const message =
      issue.message === placeholder
        ? "contains a placeholder (TODO, TBC, lorem ipsum or {…}): write the final text"
        : plainMessage(issue.message, known?.field);
    const last = issue.path.split(".").findLast((part) => !/^\d+$/.test(part));
    errors[issue.path || "form"] ??= known
      ? `${known.label}: ${message}`
      : last
        ? `${labelOf(last)}: ${message}`
        : message;
  }
  return errors;
}

/** The posted form read back into an item (for its list's shape), and what could not be read (a time that does not exist). */
function readPosted(schema: z.ZodType, form: ReturnType<typeof formFields>) {
  const problems: FormProblem[] = [];
  const item = readItemForm(schema, form.get, form.names, { problems });
  return { item, problems };
}

/** The form's fields for what was posted (its lists as long as posted), with their choices. */
async function postedFields(db: Db, schema: z.ZodType, values: Readonly<Record<string, string>>) {
  const names = Object.keys(values);
  const get = (n: string) => (Object.hasOwn(values, n) ? values[n]! : null);
  return withChoices(db, describeFields(schema, readItemForm(schema, get, names, { keepBlank: true })), values);
}

/** A form whose date and time could not be read: refused before saving, with the schema's other messages too. */
function unreadable(schema: z.ZodType, item: unknown, problems: readonly FormProblem[]): ContentRefusal {
  const parsed = schema.safeParse(item);
  const others = parsed.success ? [] : fieldIssues(parsed.error);
  return {
    ok: false,
    reason: "invalid",
    message: "Not saved: some fields need changing.",
    issues: [...problems, ...others],
  };
}

/**
 * A list's button (add, remove, move up or down): the form shown again with
 * the posted values changed, nothing saved; null when the intent is not one.
 */
async function listAnswer(db: Db, schema: z.ZodType, form: FormData, keepIt: string) {
  const intent = listIntent(String(form.get("intent") ?? ""));
  if (!intent) return null;
  const { values } = formFields(form);
  const changed = applyListIntent(schema, intent, values);
  if (!changed) {
    return data<EditorAnswer>(
      { message: "That list cannot change that way.", values, fields: await postedFields(db, schema, values) },
      { status: 400 },
    );
  }
  return data<EditorAnswer>({
    pending: `Not saved yet: ${changed.change}. ${keepIt}`,
    focus: changed.focus,
    values: changed.values,
    fields: await withChoices(db, changed.fields, changed.values),
  });
}

async function refusal(result: ContentRefusal, values?: Record<string, string>, form?: { db: Db; schema: z.ZodType }) {
  const status = { "not-found": 404, invalid: 400, conflict: 409, refused: 409 }[result.reason];
  const fields = form && values ? await postedFields(form.db, form.schema, values) : undefined;
  return data<EditorAnswer>(
    {
      message: result.message,
      ...(result.reason === "invalid" ? { errors: errorsOf(result.issues, fields ?? []) } : {}),
      ...(fields ? { fields } : {}),
      // A save's conflict (its text kept) has its own title; a restore's or a delete's says what was not done.
      ...(result.reason === "conflict" && values ? { conflict: true } : {}),
      ...(values ? { values } : {}),
    },
    { status },
  );
}

const actorOf = (user: StaffUser): ContentActor => ({ id: user.id, name: user.name });
const target = (type: ContentType, key: string) => `content:${type}:${key}`;

/** The item page's forms: save, publish, schedule, unschedule, unpublish, restore. */
export async function itemAction(ctx: EditorContext, type: ContentType, key: string, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const now = new Date();
  const actor = actorOf(ctx.user);
  const schema = itemSchema(type, key);
  if (!schema) throw data("There is no such item.", { status: 404 });
  const served = async (detail: Record<string, number>, action: AuditEntry["action"], moved: AddressMove | null) => {
    await ctx.content.refresh();
    await ctx.audit({ action, target: target(type, key), detail });
    if (moved) await ctx.audit({ action: "content-address-changed", target: target(type, key), detail: { ...moved } });
  };
  const movedNote = (moved: AddressMove | null) =>
    moved ? ` Its address is now "${moved.to}"; the old one, "${moved.from}", leads there.` : "";

  const listed = await listAnswer(ctx.db, schema, form, "Save the draft to keep it.");
  if (listed) return listed;
  if (intent === "save" || intent === "publish" || intent === "schedule") {
    const posted = formFields(form);
    const { values } = posted;
    const baseVersion = Number(form.get("version"));
    let publishAt: Date | null = null;
    if (intent === "schedule") {
      publishAt = localDateTimeInstant(String(form.get("publishAt") ?? ""), timeZone);
      if (!publishAt || publishAt.getTime() <= now.getTime()) {
        return data<EditorAnswer>(
          {
            message: "Choose the date and time to publish it: in the future, London time.",
            errors: { publishAt: "Choose a date and time in the future." },
            values,
          },
          { status: 400 },
        );
      }
    }
    const { item, problems } = readPosted(schema, posted);
    if (problems.length) return refusal(unreadable(schema, item, problems), values, { db: ctx.db, schema });
    const saved = await saveDraft(ctx.db, {
      type,
      key,
      data: sealJoiningLink(ctx.keys, type, item, (await readItem(ctx.db, type, key))?.draft),
      baseVersion,
      actor,
      now,
    });
    if (!saved.ok) return refusal(saved, values, { db: ctx.db, schema });
    await ctx.audit({ action: "content-saved", target: target(type, key), detail: { version: saved.version } });
    if (intent === "save") return data<EditorAnswer>({ done: "Draft saved. Nothing on the site has changed." });
    const price = await priceRule(ctx, type, key, null);
    if (price.refused)
      return data<EditorAnswer>(
        { message: `Saved as a draft, not yet published. ${price.refused}`, values },
        { status: 403 },
      );
    const confirm = await confirmationWanted(ctx.db, type, key, form);
    if (confirm) {
      return data<EditorAnswer>(
        { message: `Saved as a draft, not yet published. ${confirm}`, confirm, values },
        { status: 409 },
      );
    }
    if (intent === "schedule") {
      const scheduled = await schedulePublish(ctx.db, { type, key, at: publishAt, actor, now });
      if (!scheduled.ok) return refusal(scheduled);
      await price.approved();
      await ctx.audit({
        action: "content-scheduled",
        target: target(type, key),
        detail: { at: publishAt!.toISOString() },
      });
      return data<EditorAnswer>({ done: "Draft saved and scheduled: it will be published at the time you chose." });
    }
    const published = await publishItem(ctx.db, { type, key, actor, now, baseVersion: saved.version });
    if (!published.ok) return refusal(published);
    await price.approved();
    await served({ revision: published.revision }, "content-published", published.moved);
    return data<EditorAnswer>({
      done: `Published: it is on the site now (revision ${published.revision}).${movedNote(published.moved)}`,
    });
  }
  if (intent === "unschedule") {
    const result = await schedulePublish(ctx.db, { type, key, at: null, actor, now });
    if (!result.ok) return refusal(result);
    await ctx.audit({ action: "content-scheduled", target: target(type, key), detail: { at: "cancelled" } });
    return data<EditorAnswer>({ done: "The scheduled publish is cancelled." });
  }
  if (intent === "unpublish") {
    const result = await unpublishItem(ctx.db, { type, key, now });
    if (!result.ok) return refusal(result);
    await served({}, "content-unpublished", null);
    return data<EditorAnswer>({ done: "Unpublished: it is no longer on the site. Its revisions are kept." });
  }
  if (intent === "restore") {
    const raw = form.get("revision");
    const revision = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(revision))
      return data<EditorAnswer>({ message: "Choose a revision to restore." }, { status: 400 });
    const price = await priceRule(ctx, type, key, revision);
    if (price.refused) return data<EditorAnswer>({ message: price.refused }, { status: 403 });
    const result = await restoreRevision(ctx.db, { type, key, revision, actor, now, baseVersion: draftVersion(form) });
    if (!result.ok) return refusal(result);
    await price.approved();
    await served({ restored: revision, revision: result.revision }, "content-restored", result.moved);
    return data<EditorAnswer>({
      done: `Revision ${revision} is on the site again (as revision ${result.revision}).${movedNote(result.moved)}`,
    });
  }
  if (intent === "delete") {
    const result = await deleteItem(ctx.db, { type, key, baseVersion: draftVersion(form) });
    if (!result.ok) return refusal(result);
    await ctx.audit({
      action: "content-deleted",
      target: target(type, key),
      detail: { title: result.title, revisions: result.revisions },
    });
    return redirect(`/admin/content/${type}?deleted=${encodeURIComponent(result.title)}`);
  }
  return data<EditorAnswer>({ message: "This form's action is not known here." }, { status: 400 });
}

/**
 * What the person must confirm before the item's saved draft goes live (its
 * type's `confirmBeforePublish`: a session with places sold whose price,
 * dates or capacity change), or null: none asked, or confirmed (`confirm`).
 */
async function confirmationWanted(db: Db, type: ContentType, key: string, form: FormData): Promise<string | null> {
  const ask = publishHooks[type]?.confirmBeforePublish;
  if (!ask || form.get("confirm") === "yes") return null;
  const item = await readItem(db, type, key);
  return item ? ask(db, key, item.published, item.draft) : null;
}

/**
 * A session's prices in what is to go live (its draft, or `revision`) that
 * need an administrator (publish-hooks.server.ts): refused for anyone else
 * (the draft stays saved), and audited when an administrator publishes them.
 */
async function priceRule(ctx: EditorContext, type: ContentType, key: string, revision: number | null) {
  const none = { refused: null, approved: async () => {} };
  if (type !== "session") return none;
  const item = await readItem(ctx.db, type, key);
  if (!item) return none;
  const going = revision === null ? item.draft : await readRevision(ctx.db, type, key, revision);
  const reason = await priceNeedsAdministrator(ctx.db, type, key, item.published, going);
  if (!reason) return none;
  if (!isAdministrator(ctx.user.role)) {
    return { refused: `${reason} Ask an administrator to publish it.`, approved: async () => {} };
  }
  const prices = going as { pricePence?: number; earlyBird?: { pricePence: number } };
  return {
    refused: null,
    approved: () =>
      ctx.audit({
        action: "session-price-approved",
        target: target(type, key),
        detail: {
          // In the team's words on the audit page: "£1,000.00", not pence.
          ...(prices.pricePence !== undefined ? { price: formatPenceGbp(prices.pricePence) } : {}),
          ...(prices.earlyBird ? { earlyBirdPrice: formatPenceGbp(prices.earlyBird.pricePence) } : {}),
          ...(revision !== null ? { restored: revision } : {}),
        },
      }),
  };
}

/** The new-item page's form: adds the item as a draft; the page then opens it. */
export async function newItemAction(ctx: EditorContext, type: ContentType, form: FormData) {
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.shape !== "list") throw data("There is no such kind of content.", { status: 404 });
  const schema = definition.schema;
  const listed = await listAnswer(ctx.db, schema, form, "Save it as a draft to keep it.");
  if (listed) return { answer: listed };
  const posted = formFields(form);
  const { values } = posted;
  const { item, problems } = readPosted(schema, posted);
  if (problems.length)
    return { answer: await refusal(unreadable(schema, item, problems), values, { db: ctx.db, schema }) };
  const result = await createItem(ctx.db, {
    type,
    data: sealJoiningLink(ctx.keys, type, await withNewSessionKey(ctx.db, type, item), null),
    actor: actorOf(ctx.user),
    now: new Date(),
  });
  if (!result.ok) return { answer: await refusal(result, values, { db: ctx.db, schema }) };
  await ctx.audit({ action: "content-added", target: target(type, result.key), detail: {} });
  return { key: result.key };
}

/**
 * The draft version the editor's page was opened at, sent with a restore or
 * a delete so that neither replaces or removes a draft someone saved since
 * (a form without it, from a page of an older release, is not checked).
 */
function draftVersion(form: FormData): number | undefined {
  const raw = form.get("version");
  return typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}
