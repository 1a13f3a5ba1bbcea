/**
 * Who may publish a course session's price (issue 37, ADR 062), through the
 * editor's action on both databases: an editor of the site is refused (403,
 * the reason in words, the draft kept) for a price below the floor and for
 * any price change of a session with places sold; an administrator
 * publishes it, and the audit log records it.
 */
import pino from "pino";
import { describe, expect, it } from "vitest";
import { releaseSessions } from "~/content/seed/sessions.ts";
import { formValues } from "~/publishing/editor-fields.ts";
import { itemSchema } from "~/content/types.server.ts";
import type { Db } from "~/data/db.server.ts";
import { takePlaces } from "~/orders/course-booking/places.server.ts";
import { itemAction, type EditorContext } from "~/publishing/editor.server.ts";
import { startSiteContent } from "~/publishing/site-content.server.ts";
import { publishDue, saveDraft, schedulePublish } from "~/publishing/store/changes.server.ts";
import { readItem } from "~/publishing/store/reading.server.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { audit } from "~/staff/audit.server.ts";
import type { StaffUser } from "~/staff/accounts.server.ts";
import { dialects, openTestDatabase } from "./databases.ts";

const session = releaseSessions.find((s) => !s.earlyBird && s.pricePence === undefined && s.state === "open")!;
const editor: StaffUser = { id: "staff-eve", email: "eve@example.test", name: "Eve Editor", role: "site" };
const admin: StaffUser = { id: "staff-ada", email: "ada@example.test", name: "Ada Admin", role: "admin" };

type Answer = { data: { message?: string; done?: string }; init: { status?: number } | null };

describe.each(dialects)("a session's price on %s", (dialect) => {
  async function withSite(test: (db: Db, as: (user: StaffUser) => EditorContext) => Promise<void>) {
    const t = await openTestDatabase(dialect, "prices");
    const db = t.handle.db;
    const content = await startSiteContent({ db, log: pino({ level: "silent" }), pollMs: 3_600_000 });
    try {
      const now = new Date().toISOString();
      for (const user of [editor, admin]) {
        await db
          .insertInto("staff_users")
          .values({
            ...user,
            password_hash: "not used",
            totp_secret: "not used",
            totp_last_step: 0,
            created_at: now,
            updated_at: now,
            disabled_at: null,
          })
          .execute();
      }
      const keys = keyring(newKeyMaterial());
      const as = (user: StaffUser): EditorContext => ({
        db,
        keys,
        content,
        user,
        audit: (entry) => audit(db, { ...entry, actor: user, ip: null }, new Date()),
      });
      await test(db, as);
    } finally {
      content.close();
      await t.dispose();
    }
  }

  /** The session's form as the editor's page sends it, with `change` (field name to value, £ for prices). */
  async function form(db: Db, intent: string, change: Record<string, string>) {
    const item = (await readItem(db, "session", session.id))!;
    const body = new FormData();
    body.set("intent", intent);
    body.set("version", String(item.draftVersion));
    body.set("confirm", "yes");
    for (const [name, value] of Object.entries({
      ...formValues(itemSchema("session", session.id)!, item.draft),
      ...change,
    }))
      body.set(name, value);
    return body;
  }

  const publish = async (ctx: EditorContext, db: Db, change: Record<string, string>) =>
    (await itemAction(ctx, "session", session.id, await form(db, "publish", change))) as unknown as Answer;
  const livePrice = async (db: Db) =>
    ((await readItem(db, "session", session.id))!.published as { pricePence?: number }).pricePence;
  const approvals = (db: Db) =>
    db.selectFrom("audit_events").selectAll().where("action", "=", "session-price-approved").execute();

  it("below the floor: an editor is refused with the reason and the draft kept; an administrator publishes it, audited", async () => {
    await withSite(async (db, as) => {
      const before = await livePrice(db);
      const refused = await publish(as(editor), db, { pricePence: "1000" });
      expect(refused.init?.status).toBe(403);
      expect(refused.data.message).toBe(
        "Saved as a draft, not yet published. A price below £2,250 (half the course's list price of £4,500) needs an administrator. Ask an administrator to publish it.",
      );
      expect(await livePrice(db)).toBe(before);
      expect(((await readItem(db, "session", session.id))!.draft as { pricePence?: number }).pricePence).toBe(100_000);
      expect(await approvals(db)).toEqual([]);

      const published = await publish(as(admin), db, { pricePence: "1000" });
      expect(published.init?.status ?? 200).toBe(200);
      expect(published.data.done).toMatch(/^Published/);
      expect(await livePrice(db)).toBe(100_000);
      const [entry] = await approvals(db);
      expect(entry).toMatchObject({ actor_id: admin.id, target: `content:session:${session.id}` });
      expect(JSON.parse(entry!.detail!)).toEqual({ price: "£1,000.00" });
      // At or above the floor, with no places sold: the editor publishes it.
      const fine = await publish(as(editor), db, { pricePence: "4000" });
      expect(fine.data.done).toMatch(/^Published/);
      expect(await livePrice(db)).toBe(400_000);
      expect(await approvals(db)).toHaveLength(1);
    });
  });

  it("with places sold, any price change needs an administrator, who publishes it, audited", async () => {
    await withSite(async (db, as) => {
      await db.transaction().execute((trx) => takePlaces(trx, session.id, 1, new Date()));
      const refused = await publish(as(editor), db, { pricePence: "4600" });
      expect(refused.init?.status).toBe(403);
      expect(refused.data.message).toContain("1 place sold or held: only an administrator can change its prices.");
      const published = await publish(as(admin), db, { pricePence: "4600" });
      expect(published.data.done).toMatch(/^Published/);
      expect(await livePrice(db)).toBe(460_000);
      expect(await approvals(db)).toHaveLength(1);
    });
  });

  it("on schedule: a price below the floor goes live only if an administrator scheduled it and saved it last", async () => {
    await withSite(async (db) => {
      const before = await livePrice(db);
      const save = async (user: StaffUser, pricePence: number, at: Date) => {
        const item = (await readItem(db, "session", session.id))!;
        const data = { ...(item.draft as object), pricePence };
        const saved = await saveDraft(db, {
          type: "session",
          key: session.id,
          data,
          baseVersion: item.draftVersion,
          actor: user,
          now: at,
        });
        expect(saved).toMatchObject({ ok: true });
      };
      const now = new Date();
      const at = new Date(now.getTime() + 60_000);
      const due = new Date(now.getTime() + 120_000);
      // The administrator schedules a fine price; an editor then saves a price below the floor.
      await save(admin, 440_000, now);
      expect(await schedulePublish(db, { type: "session", key: session.id, at, actor: admin, now })).toEqual({
        ok: true,
      });
      await save(editor, 1_000, now);
      const refused = await publishDue(db, due);
      expect(refused.published).toEqual([]);
      expect(refused.failed).toEqual([
        { item: `session:${session.id}`, message: expect.stringMatching(/needs an administrator/) },
      ]);
      expect(await livePrice(db)).toBe(before);
      expect((await readItem(db, "session", session.id))!.publishAt).toBeNull();
      // Saved and scheduled by the administrator: it goes live.
      await save(admin, 1_000, now);
      await schedulePublish(db, { type: "session", key: session.id, at, actor: admin, now });
      expect((await publishDue(db, due)).published).toEqual([`session:${session.id}`]);
      expect(await livePrice(db)).toBe(1_000);
    });
  });
});
