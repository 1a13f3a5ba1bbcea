/**
 * Passkeys' storage on both databases (app/staff/passkeys.server.ts): the
 * challenge a ceremony keeps on its session answers one attempt at most and
 * expires; sign-in offers only the account's own passkeys; removing and
 * disabling. The ceremonies themselves (a real authenticator's signatures)
 * are checked in Chromium with its virtual authenticator
 * (tests/e2e/passkeys.spec.ts).
 */
import { describe, expect, it } from "vitest";
import {
  disableAccount,
  readSession,
  startSession,
  type StaffSession,
  type StaffUser,
} from "~/staff/accounts.server.ts";
import {
  challengeMinutes,
  hasPasskey,
  listPasskeys,
  passkeyAnswer,
  registrationOptions,
  relyingParty,
  removePasskey,
  signInOptions,
  takeChallenge,
} from "~/staff/passkeys.server.ts";
import { dialects } from "./databases.ts";
import { useTestDatabase } from "./fixtures.ts";

const client = { ip: "192.0.2.8", userAgent: "data test" };
const rp = relyingParty("https://training.example.com/");
let counter = 0;

describe.each(dialects)("passkeys on %s", (dialect) => {
  const t = useTestDatabase(dialect);
  const db = () => t.handle.db;

  /** An account (inserted directly: the set-up is staff-accounts.test.ts's) and a session of it at `stage`. */
  async function sessionOf(stage: "password" | "full", at: Date): Promise<StaffSession> {
    const n = counter++;
    const user: StaffUser = {
      id: `user-${dialect}-${n}`,
      email: `pk-${n}@example.test`,
      name: "Pat Key",
      role: "leads",
    };
    await db()
      .insertInto("staff_users")
      .values({
        ...user,
        password_hash: "x",
        totp_secret: "JBSWY3DPEHPK3PXP",
        totp_last_step: 0,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        disabled_at: null,
      })
      .execute();
    const { token } = await startSession(db(), user, stage, client, at);
    return (await readSession(db(), token, at))!;
  }

  async function storePasskey(userId: string, id: string, at: Date) {
    await db()
      .insertInto("staff_passkeys")
      .values({
        id,
        user_id: userId,
        name: `Key ${id}`,
        public_key: "AQID",
        counter: 0,
        transports: JSON.stringify(["internal", "hybrid"]),
        backed_up: 1,
        created_at: at.toISOString(),
        last_used_at: null,
      })
      .execute();
  }

  it("the relying party is the site's host and origin", () => {
    expect(rp).toMatchObject({ id: "training.example.com", origin: "https://training.example.com" });
    expect(relyingParty("http://localhost:4321")).toMatchObject({ id: "localhost", origin: "http://localhost:4321" });
  });

  it("a ceremony's challenge is taken once, and not after 5 minutes", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const session = await sessionOf("full", at);
    const options = await registrationOptions(db(), session, rp, at);
    expect(options.rp).toEqual({ id: rp.id, name: rp.name });
    expect(options.user.name).toBe(session.user.email);
    expect(await takeChallenge(db(), session.id, at)).toBe(options.challenge);
    expect(await takeChallenge(db(), session.id, at)).toBeNull();

    // A newer ceremony replaces the open one; an expired one is cleared, not answered.
    const first = await registrationOptions(db(), session, rp, at);
    const second = await registrationOptions(db(), session, rp, at);
    expect(second.challenge).not.toBe(first.challenge);
    const late = new Date(at.getTime() + challengeMinutes * 60_000 + 1);
    expect(await takeChallenge(db(), session.id, late)).toBeNull();
    expect(await takeChallenge(db(), session.id, at)).toBeNull();
  });

  it("two requests racing for one challenge: only one gets it", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const session = await sessionOf("full", at);
    const { challenge } = await registrationOptions(db(), session, rp, at);
    const taken = await Promise.all([takeChallenge(db(), session.id, at), takeChallenge(db(), session.id, at)]);
    expect(taken.filter((c) => c === challenge)).toHaveLength(1);
  });

  it("sign-in offers the account's own passkeys only, and none to an account without", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const mine = await sessionOf("password", at);
    const other = await sessionOf("password", at);
    expect(await signInOptions(db(), mine, rp, at)).toBeNull();
    expect(await hasPasskey(db(), mine.user.id)).toBe(false);
    await storePasskey(mine.user.id, `mine-${dialect}`, at);
    await storePasskey(other.user.id, `theirs-${dialect}`, at);
    const options = (await signInOptions(db(), mine, rp, at))!;
    expect(options.rpId).toBe(rp.id);
    expect(options.allowCredentials).toEqual([
      { id: `mine-${dialect}`, type: "public-key", transports: ["internal", "hybrid"] },
    ]);
    expect(await takeChallenge(db(), mine.id, at)).toBe(options.challenge);

    // A full session does not start a sign-in ceremony.
    const full = await sessionOf("full", at);
    await storePasskey(full.user.id, `full-${dialect}`, at);
    expect(await signInOptions(db(), full, rp, at)).toBeNull();
  });

  it("a passkey is removed by its owner only; disabling an account removes its passkeys and sign-in details", async () => {
    const at = new Date("2026-11-24T10:00:00Z");
    const owner = await sessionOf("full", at);
    const someoneElse = await sessionOf("full", at);
    await storePasskey(owner.user.id, `a-${dialect}`, at);
    await storePasskey(owner.user.id, `b-${dialect}`, at);
    expect(await removePasskey(db(), someoneElse.user.id, `a-${dialect}`)).toBeNull();
    expect(await removePasskey(db(), owner.user.id, `a-${dialect}`)).toBe(`Key a-${dialect}`);
    expect((await listPasskeys(db(), owner.user.id)).map((p) => p.id)).toEqual([`b-${dialect}`]);
    expect(await disableAccount(db(), owner.user.id, at)).toEqual({ disabled: true });
    expect(await listPasskeys(db(), owner.user.id)).toEqual([]);
    // The other sign-in details go too; the name and address stay (rule staff_accounts_disabled).
    const row = await db()
      .selectFrom("staff_users")
      .select(["password_hash", "totp_secret", "email"])
      .where("id", "=", owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: "", totp_secret: "", email: owner.user.email });
  });

  it("an answer posted in a form is shape-checked before the library sees it", () => {
    const answer = {
      id: "abc",
      rawId: "abc",
      type: "public-key",
      response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
      clientExtensionResults: {},
    };
    expect(passkeyAnswer(JSON.stringify(answer))).toMatchObject({ id: "abc" });
    expect(passkeyAnswer("not json")).toBeNull();
    expect(passkeyAnswer(JSON.stringify({ ...answer, type: "password" }))).toBeNull();
    expect(passkeyAnswer(JSON.stringify({ ...answer, id: "" }))).toBeNull();
    expect(passkeyAnswer(42)).toBeNull();
    expect(passkeyAnswer("x".repeat(50_000))).toBeNull();
  });
});
