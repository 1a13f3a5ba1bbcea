/**
 * An administrator's changes to one webhook endpoint on both databases
 * (app/staff/webhook-actions.server.ts): each change is made or refused
 * first, and only a change that was made is audited, under the endpoint,
 * with the administrator and their address.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";
import { webhookEndpointAction } from "~/staff/webhook-actions.server.ts";
import { WebhookDispatcher } from "~/webhooks/dispatcher.server.ts";
import { createEndpoint, getEndpoint } from "~/webhooks/endpoints.server.ts";
import { dialects } from "./databases.ts";
import { loggerInto, staffFromInvitation, uniqueStaffEmail, useTestDatabase } from "./fixtures.ts";

const keys = keyring(newKeyMaterial());
const client = { ip: "192.0.2.44" };

const form = (fields: Record<string, string | string[]>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) body.append(name, one);
  }
  return body;
};

describe.each(dialects)("an endpoint's changes and their audit on %s", (dialect) => {
  const t = useTestDatabase(dialect);
  const db = () => t.handle.db;
  const now = new Date();

  async function setUp() {
    const { user } = await staffFromInvitation(db(), keys, { email: uniqueStaffEmail("hooks"), name: "Ada Admin" });
    const endpoint = await createEndpoint(
      db(),
      { url: "https://crm.example.test/hook", description: "CRM", events: ["lead.created"] },
      now,
    );
    const dispatcher = new WebhookDispatcher({
      db: db(),
      workerId: "audit-test",
      allowLocal: false,
      clock: () => now,
      log: loggerInto([]),
    });
    const staff = { db: db(), webhooks: { kick: () => dispatcher.kick(), allowLocal: false } };
    // Each act a second after the last, so the audit's order is the acts' order.
    let acts = 0;
    const act = async (fields: Record<string, string | string[]>) => {
      const at = new Date(now.getTime() + ++acts * 1000);
      const answer = await webhookEndpointAction({ staff, client }, user, endpoint.id, form(fields), at);
      return { status: answer.init?.status ?? 200, body: answer.data };
    };
    const audited = () =>
      db()
        .selectFrom("audit_events")
        .select(["action", "actor_id", "ip", "detail"])
        .where("target", "=", `webhook:${endpoint.id}`)
        .orderBy("at")
        .execute();
    return { user, endpoint, act, audited };
  }

  beforeEach(async () => {
    await db().deleteFrom("webhook_endpoints").execute();
  });

  it("a refused change is not audited; the change made is, once, with who and from where", async () => {
    const { user, endpoint, act, audited } = await setUp();
    expect((await act({ intent: "disable" })).status).toBe(400);
    expect((await act({ intent: "events" })).body.eventsError).toBe("Choose at least one event.");
    expect(await audited()).toEqual([]);
    expect((await getEndpoint(db(), endpoint.id, now))?.disabledAt).toBeNull();

    expect(await act({ intent: "events", events: ["lead.created", "booking.paid"] })).toEqual({
      status: 200,
      body: { done: "Saved. New events are sent to it from now on." },
    });
    expect((await act({ intent: "disable", confirm: "yes" })).status).toBe(200);
    expect(await audited()).toEqual([
      {
        action: "webhook-changed",
        actor_id: user.id,
        ip: client.ip,
        detail: JSON.stringify({ events: "lead.created booking.paid" }),
      },
      { action: "webhook-disabled", actor_id: user.id, ip: client.ip, detail: null },
    ]);
  });

  it("nothing done to a disabled endpoint, nothing sent again that was not given up: refused (409), not audited", async () => {
    const { act, audited } = await setUp();
    await act({ intent: "disable", confirm: "yes" });
    const refused: Record<string, string>[] = [
      { intent: "rotate" },
      { intent: "events", events: "lead.created" },
      { intent: "disable", confirm: "yes" },
      { intent: "retry", delivery: "no-such-delivery" },
      { intent: "replay", event: "no-such-event" },
    ];
    for (const fields of refused) {
      expect((await act(fields)).status, fields.intent).toBe(409);
    }
    expect((await audited()).map((row) => row.action)).toEqual(["webhook-disabled"]);
  });
});
