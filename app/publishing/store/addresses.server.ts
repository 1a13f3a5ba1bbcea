/**
 * Items' addresses (a course's id, an article's slug): who holds one, who
 * refers to one, the choices a reference field offers, and the redirects a
 * move leaves (docs/decisions/047-addresses-move.md). Part of the content
 * store (./core.server.ts).
 */
import { referencesIn } from "~/content/references.server.ts";
import { contentTypes, itemTitle, type ContentType, type ContentTypeDefinition } from "~/content/types.server.ts";
import { type Tx, type ContentRefusal, invalid } from "./core.server.ts";

/** The item's address (its id or slug) read from its data, or null for a type without one. */
export function addressOf(type: ContentType, data: unknown): string | null {
  const definition: ContentTypeDefinition = contentTypes[type];
  if (definition.shape !== "list" || !definition.addressField) return null;
  const value = ((data ?? {}) as Record<string, unknown>)[definition.addressField];
  return typeof value === "string" ? value : null;
}

/** The public paths an address gives an item of `type` (its page, a course's brochure). */
export function pathsOf(type: ContentType, address: string): string[] {
  const definition: ContentTypeDefinition = contentTypes[type];
  return definition.shape === "list" && definition.addressPaths ? definition.addressPaths(address) : [];
}

/**
 * Another item of the type (not `key`) that has `address`, in its draft or
 * on the site: its title, or null when the address is free. An old address
 * that only a redirect holds is free: the item published there ends the
 * redirect.
 */
export async function addressHolder(
  trx: Tx,
  type: ContentType,
  key: string | null,
  address: string,
): Promise<string | null> {
  const rows = await itemsWithPublished(trx, type);
  const holder = rows.find(
    (row) =>
      row.key !== key &&
      (addressOf(type, JSON.parse(row.draft)) === address ||
        (row.published !== null && addressOf(type, JSON.parse(row.published)) === address)),
  );
  return holder ? itemTitle(type, holder.key, JSON.parse(holder.draft)) : null;
}

/** "X refers to it: change that first" / "X; Y refer to it: change those first". */
export function whoRefers(referrers: readonly string[]): string {
  const many = referrers.length > 1;
  return `${referrers.join("; ")} ${many ? "refer" : "refers"} to it: change ${many ? "those" : "that"} first`;
}

export function addressTaken(type: ContentType, address: string, holder: string): ContentRefusal {
  const definition: ContentTypeDefinition = contentTypes[type];
  const field = (definition.shape === "list" && definition.addressField) || "";
  return invalid([
    {
      path: field,
      message: `"${address}" is the address of another ${definition.label.toLowerCase()} ("${holder}"): choose another.`,
    },
  ]);
}

/** Each item of the type (or every type) with its draft and the revision it has on the site (or last had). */
export function itemsWithPublished(trx: Tx, type?: ContentType) {
  let query = trx
    .selectFrom("content_items as i")
    .leftJoin("content_revisions as r", (join) =>
      join.onRef("r.type", "=", "i.type").onRef("r.key", "=", "i.key").onRef("r.revision", "=", "i.published_revision"),
    )
    .select(["i.type", "i.key", "i.status", "i.draft", "r.data as published"]);
  if (type) query = query.where("i.type", "=", type);
  return query.execute();
}

/**
 * Who refers to the item of `type` (stored under `key`) at `address`: every
 * other item whose draft or live revision names it (by its title and
 * field). Empty: nothing does.
 */
export async function referrersOf(trx: Tx, type: ContentType, key: string, address: string): Promise<string[]> {
  return (await usedBy(trx, type, key, [address])).map(
    (r) => `${contentTypes[r.type].label} "${r.title}" (${r.fields.join(", ")})`,
  );
}

/** An item that refers to another: its type, key and title, and the fields (as the editor calls them) that do. */
export type Referrer = { type: ContentType; key: string; title: string; fields: string[] };

/** Every other item whose draft or live revision names the item of `type` (stored under `key`) at one of `addresses`. */
export async function usedBy(
  trx: Tx,
  type: ContentType,
  key: string,
  addresses: readonly string[],
): Promise<Referrer[]> {
  const rows = await itemsWithPublished(trx);
  const found: Referrer[] = [];
  for (const row of rows) {
    if (!(row.type in contentTypes) || (row.type === type && row.key === key)) continue;
    const other = row.type as ContentType;
    const versions = [row.draft, ...(row.status === "live" && row.published ? [row.published] : [])];
    const fields = new Set(
      versions.flatMap((json) =>
        referencesIn(other, JSON.parse(json))
          .filter((r) => r.type === type && addresses.includes(r.address))
          .map((r) => r.field),
      ),
    );
    if (fields.size)
      found.push({
        type: other,
        key: row.key,
        title: itemTitle(other, row.key, JSON.parse(row.draft)),
        fields: [...fields],
      });
  }
  return found;
}

/** The item's addresses: in its draft and on the site (a reference may name either). */
export async function addressesOf(db: Tx, type: ContentType, key: string): Promise<string[]> {
  const row = (await itemsWithPublished(db, type)).find((r) => r.key === key);
  if (!row) return [];
  const all = [row.draft, row.published].flatMap((json) => (json ? [addressOf(type, JSON.parse(json)) ?? key] : []));
  return [...new Set(all)];
}

/**
 * The items of `type` a reference may name, for the editor's choices: each by
 * its title, its value the address it is on the site at (or its draft's, if
 * never published); one not on the site is named as such.
 */
export async function referenceChoices(
  db: Tx,
  type: ContentType,
): Promise<{ value: string; label: string; live: boolean }[]> {
  const rows = await db
    .selectFrom("content_items as i")
    .leftJoin("content_revisions as r", (join) =>
      join.onRef("r.type", "=", "i.type").onRef("r.key", "=", "i.key").onRef("r.revision", "=", "i.published_revision"),
    )
    .select(["i.key", "i.status", "i.draft", "r.data as published"])
    .where("i.type", "=", type)
    .orderBy("i.position")
    .orderBy("i.key")
    .execute();
  return rows.map((row) => {
    const live = row.status === "live" && row.published !== null;
    const data = JSON.parse(live ? row.published! : row.draft) as unknown;
    const title = itemTitle(type, row.key, JSON.parse(row.draft));
    return {
      value: addressOf(type, data) ?? row.key,
      label: live ? title : `${title} (${row.status === "draft" ? "draft, not on the site yet" : "not on the site"})`,
      live,
    };
  });
}

/**
 * After an item of `type` is published at `address` (having been at
 * `previous`): each old path 301s to its new one, the redirects that led to
 * an old path lead to the new one (a chain collapses: a→b then b→c is
 * a→c), and a redirect from a path that is now live again (this item
 * back at an old address, or another item there) ends.
 */
export async function moveAddress(
  trx: Tx,
  change: { type: ContentType; key: string; previous: string | null; address: string; now: Date },
) {
  const { type, key, previous, address } = change;
  const now = pathsOf(type, address);
  if (previous !== null && previous !== address) {
    const old = pathsOf(type, previous);
    for (const [index, from] of old.entries()) {
      const to = now[index]!;
      await trx.updateTable("content_redirects").set({ to_path: to }).where("to_path", "=", from).execute();
      await trx
        .insertInto("content_redirects")
        .values({ from_path: from, to_path: to, type, key, created_at: change.now.toISOString() })
        .onConflict((oc) => oc.column("from_path").doUpdateSet({ to_path: to, type, key }))
        .execute();
    }
  }
  if (now.length) await trx.deleteFrom("content_redirects").where("from_path", "in", now).execute();
}
