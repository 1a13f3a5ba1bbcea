/**
 * What a back-office account may do, in the database, on both databases
 * (docs/decisions/044-permissions.md): the migration that turned the old
 * member role into `leads`, and changing an account's role, which never
 * leaves the team without an active administrator, even when two
 * administrators give up the role at the same moment.
 */
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "~/data/migrations/index.ts";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { changeRole, disableAccount, readSession, startSession } from "~/staff/accounts.server.ts";
import { pollUntil } from "../../harness/servers.ts";
import { dialects } from "./databases.ts";
import { staffFromInvitation, uniqueStaffEmail, useTestDatabase } from "./fixtures.ts";

const keys = keyring(newKeyMaterial());
const client = { ip: "192.0.2.9", userAgent: "data test" };

describe.each(dialects)("staff permissions on %s", (dialect) => {
  const t = useTestDatabase(dialect);
  const db = () => t.handle.db;
  const account = (role: "admin" | "leads" | "site" | "leads,site", at = new Date()) =>
    staffFromInvitation(db(), keys, { at, email: uniqueStaffEmail("perm"), role }).then((made) => made.user);
  /** No active administrator but those a test makes. */
  const noOtherAdmins = (at: Date) =>
    db()
      .updateTable("staff_users")
      .set({ disabled_at: at.toISOString() })
      .where("role", "=", "admin")
      .where("disabled_at", "is", null)
      .execute();
  const activeAdmins = () =>
    db().selectFrom("staff_users").select("id").where("role", "=", "admin").where("disabled_at", "is", null).execute();
  const roleOf = async (id: string) =>
    (await db().selectFrom("staff_users").select("role").where("id", "=", id).executeTakeFirstOrThrow()).role;

  it("the migration makes every member from before (role staff) one who works leads, invitations too", async () => {
    const at = new Date();
    const member = await account("leads", at);
    const admin = await account("admin", at);
    // As they were stored before the migration.
    const old = db() as unknown as Kysely<Record<string, { role: string; email: string }>>;
    await old.updateTable("staff_users").set({ role: "staff" }).where("email", "=", member.email).execute();
    const invited = uniqueStaffEmail("old-invite");
    const editor = await account("site", at);
    await old
      .insertInto("staff_invitations")
      .values({
        id: `old-${invited}`,
        email: invited,
        name: "Old Invite",
        role: "staff",
        totp_secret: "",
        invited_by: null,
        user_id: null,
        created_at: at.toISOString(),
        expires_at: at.toISOString(),
        accepted_at: null,
      } as never)
      .execute();

    await migrations["2026-11-25-018-staff-permissions"]!.up(db() as never);

    expect(await roleOf(member.id)).toBe("leads");
    expect(await roleOf(admin.id)).toBe("admin");
    expect(await roleOf(editor.id)).toBe("site");
    const invitation = await db()
      .selectFrom("staff_invitations")
      .select("role")
      .where("email", "=", invited)
      .executeTakeFirstOrThrow();
    expect(invitation.role).toBe("leads");
    const left = await old.selectFrom("staff_users").select("role").where("role", "=", "staff").execute();
    expect(left).toEqual([]);
  });

  it("changes an account's role; its sessions carry on with the new one", async () => {
    const at = new Date();
    const member = await account("leads", at);
    const session = await startSession(db(), member, "full", client, at);
    expect(await changeRole(db(), member.id, "leads,site", at)).toEqual({
      changed: true,
      before: "leads",
      after: "leads,site",
    });
    expect((await readSession(db(), session.token, at))?.user.role).toBe("leads,site");
    expect(await changeRole(db(), member.id, "leads,site", at)).toEqual({ changed: false, why: "unchanged" });
    expect(await changeRole(db(), member.id, "admin", at)).toMatchObject({ changed: true, after: "admin" });
    expect(await changeRole(db(), "no-such-account", "site", at)).toEqual({ changed: false, why: "no-account" });
    await disableAccount(db(), member.id, at);
    expect(await changeRole(db(), member.id, "site", at)).toEqual({ changed: false, why: "no-account" });
  });

  it("the last active administrator stays one; with another, either may step down", async () => {
    const at = new Date();
    await noOtherAdmins(at);
    const ada = await account("admin", at);
    expect(await changeRole(db(), ada.id, "leads", at)).toEqual({ changed: false, why: "last-admin" });
    expect(await roleOf(ada.id)).toBe("admin");

    // A disabled administrator does not count.
    const gone = await account("admin", at);
    await disableAccount(db(), gone.id, at);
    expect(await changeRole(db(), ada.id, "site", at)).toEqual({ changed: false, why: "last-admin" });

    const bo = await account("admin", at);
    expect(await changeRole(db(), ada.id, "site", at)).toMatchObject({ changed: true, before: "admin" });
    expect(await changeRole(db(), bo.id, "leads", at)).toEqual({ changed: false, why: "last-admin" });
  });

  it("the last active administrator cannot be disabled; two disabling each other at once: one is, the other stays", async () => {
    const at = new Date();
    await noOtherAdmins(at);
    const ada = await account("admin", at);
    expect(await disableAccount(db(), ada.id, at)).toEqual({ disabled: false, why: "last-admin" });
    expect(await disableAccount(db(), "no-such-account", at)).toEqual({ disabled: false, why: "no-account" });
    for (let round = 0; round < 8; round++) {
      const now = new Date();
      await noOtherAdmins(now);
      const [a, b] = await Promise.all([account("admin", now), account("admin", now)]);
      // Each disables the other, and one steps down too: an administrator must be left.
      const outcomes = await Promise.all([
        disableAccount(db(), b.id, now),
        disableAccount(db(), a.id, now),
        changeRole(db(), a.id, "leads", now),
      ]);
      const admins = await activeAdmins();
      expect(admins, `round ${round}: ${JSON.stringify(outcomes)}`).toHaveLength(1);
    }
  });

  it("two administrators stepping down at the same moment: one does, the other stays", async () => {
    for (let round = 0; round < 8; round++) {
      const at = new Date();
      await noOtherAdmins(at);
      const [a, b] = await Promise.all([account("admin", at), account("admin", at)]);
      const outcomes = await Promise.all([changeRole(db(), a.id, "leads", at), changeRole(db(), b.id, "site", at)]);
      expect(
        outcomes.filter((o) => o.changed),
        `round ${round}`,
      ).toHaveLength(1);
      expect(outcomes.filter((o) => !o.changed)).toEqual([{ changed: false, why: "last-admin" }]);
      const admins = await activeAdmins();
      expect(admins).toHaveLength(1);
    }
  });
});

/*
 * PostgreSQL can leave a row locked by a `SELECT … FOR UPDATE` that it then
 * does not return: an administrator who stepped down while the statement
 * waited for the row. A transaction that takes an administrator away locks
 * the administrators' rows and the account it changes in one pass, in the
 * order of their ids, so that it never waits for the account's row while
 * holding a later one (a deadlock seen in the test above, about one run in
 * twenty). Here another transaction holds the account's row and then asks for
 * the administrators' rows after it, as such a transaction does.
 */
describe("staff permissions: PostgreSQL's row locks", () => {
  const t = useTestDatabase("postgres");
  const db = () => t.handle.db;

  it.each(["disabling", "making an administrator"] as const)(
    "%s an account whose row another transaction holds waits for it, never in a circle",
    async (change) => {
      const at = new Date();
      await db()
        .updateTable("staff_users")
        .set({ disabled_at: at.toISOString() })
        .where("role", "=", "admin")
        .where("disabled_at", "is", null)
        .execute();
      const made = await Promise.all(
        [1, 2, 3].map(() =>
          staffFromInvitation(db(), keys, { at, email: uniqueStaffEmail("lock"), role: "admin" }).then((m) => m.user),
        ),
      );
      // The account changed sorts first; the two administrators after it.
      const [account, ...admins] = made.map((m) => m.id).sort();
      await db().updateTable("staff_users").set({ role: "leads" }).where("id", "=", account!).execute();

      const outcome = await db()
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          const holder = rows[0]!.pid;
          const lock = (ids: string[]) =>
            trx.selectFrom("staff_users").select("id").where("id", "in", ids).orderBy("id").forUpdate().execute();
          await lock([account!]);
          const changing =
            change === "disabling" ? disableAccount(db(), account!, at) : changeRole(db(), account!, "admin", at);
          changing.catch(() => undefined);
          const waiting = await pollUntil(
            async () =>
              (
                await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
                  where ${holder}::int = any(pg_blocking_pids(pid))`.execute(db())
              ).rows[0]!.n > 0,
            10_000,
            20,
          );
          expect(waiting, "the change waits for the account's row").toBe(true);
          await lock(admins);
          return { changing };
        });
      expect(await outcome.changing).toEqual(
        change === "disabling" ? { disabled: true } : { changed: true, before: "leads", after: "admin" },
      );
    },
  );
});
