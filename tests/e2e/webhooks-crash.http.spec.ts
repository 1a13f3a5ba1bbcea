/**
 * Crash test for webhooks: the site is killed (SIGKILL) while an event it
 * committed is on its way to the endpoint, before the answer is recorded.
 * Restarted on the same data, it takes back the dead process's claim at
 * start-up and delivers the event: nothing is lost, and the repeat carries
 * the same webhook-id, so the receiver can tell it is the same message.
 */
import { randomUUID } from "node:crypto";
import { sqliteQuery, sqliteWrite } from "../../harness/servers.ts";
import { startWebhookReceiver } from "../support/webhook-receiver.ts";
import { postEnquiry } from "../support/enquiry.ts";
import { expect, test, uniqueEmail } from "./fixtures.ts";

test("an event on its way when the site is killed is delivered after the restart, with the same webhook-id", async ({
  servers,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const env = { WEBHOOK_LOCAL_RECEIVERS: "on", FORM_MIN_FILL_SECONDS: "0" };
    const first = await servers.site({ name: "webhooks-crash", env });
    const secret = `whsec_${Buffer.from(randomUUID()).toString("base64")}`;
    receiver.secrets.push(secret);
    const now = new Date().toISOString();
    sqliteWrite(
      first.dataDir,
      `INSERT INTO webhook_endpoints (id, url, description, events_json, secret, previous_secret, previous_secret_until,
         created_at, updated_at, disabled_at)
       VALUES (?, ?, 'CRM', '["lead.created"]', ?, NULL, NULL, ?, ?, NULL)`,
      [randomUUID(), receiver.url, secret, now, now],
    );
    receiver.mode = "hold"; // the endpoint is slow: the delivery is in flight when the site dies
    const email = uniqueEmail("crash-visitor");
    const sent = await postEnquiry(first.baseURL, email, { company: "Killed Ltd" });
    expect(sent.status).toBe(200);
    await expect.poll(() => receiver.held()).toBe(1);
    await first.kill();
    expect(first.child.signalCode).toBe("SIGKILL");
    const claimed = sqliteQuery(first.dataDir, "SELECT locked_by, delivered_at FROM webhook_deliveries");
    expect(claimed).toHaveLength(1);
    expect(claimed[0]!.locked_by).not.toBeNull(); // still claimed by the dead process
    expect(claimed[0]!.delivered_at).toBeNull();

    receiver.mode = "ok";
    receiver.release(); // the dead process's request is answered, but nobody is left to record it
    await servers.site({ name: "webhooks-crash", dataDir: first.dataDir, env });
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    const [lost, again] = receiver.received;
    expect(again!.id).toBe(lost!.id);
    expect(again!.verified).toMatchObject({ type: "lead.created", data: { email, company: "Killed Ltd" } });
    await expect
      .poll(() => sqliteQuery(first.dataDir, "SELECT delivered_at FROM webhook_deliveries")[0]!.delivered_at)
      .not.toBeNull();
  } finally {
    await receiver.close();
  }
});
