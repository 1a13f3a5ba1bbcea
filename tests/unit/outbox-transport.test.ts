/**
 * The SMTP transport's limits against a real SMTP server (in this process):
 * a send settles within sendTimeoutMs even when the server keeps every
 * single wait short but the whole slow (which no socket timeout notices),
 * and a message keeps its Message-ID however often it is sent.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMailTransport } from "~/mail/transport.server.ts";
import { startOutboxSmtp, type OutboxSmtp } from "../../harness/outbox-harness.ts";

const message = (id: string) => ({ id, to: "ann@example.test", subject: "Hello", text: "Hi", html: "<p>Hi</p>" });

describe("SMTP transport", () => {
  let smtp: OutboxSmtp | null = null;
  let close: (() => void) | undefined;
  afterEach(async () => {
    close?.();
    await smtp?.close();
    smtp = null;
  });

  it("gives up on a send that outlasts sendTimeoutMs, though no single wait does", async () => {
    // Greeting, MAIL FROM and RCPT TO each take 600 ms: under the 1 s per-wait
    // timeouts, 1.8 s in all.
    smtp = await startOutboxSmtp({ stepDelayMs: 600 });
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      from: "Site <no-reply@example.test>",
      dataDir: "/nonexistent",
      sendTimeoutMs: 1000,
    });
    close = transport.close;
    expect(transport.sendTimeoutMs).toBe(1000);
    const started = performance.now();
    await expect(transport.send(message("slow-1"))).rejects.toThrow(/abort/i);
    expect(performance.now() - started).toBeLessThan(1800);
    // Cut off before DATA: the server never got the message.
    expect(smtp.messages).toEqual([]);
  });

  it("sends a message under the same Message-ID every time (derived from the outbox row id)", async () => {
    smtp = await startOutboxSmtp();
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      from: "Site <no-reply@example.test>",
      dataDir: "/nonexistent",
    });
    close = transport.close;
    await transport.send(message("row-42"));
    await transport.send(message("row-42"));
    await transport.send(message("row-43"));
    expect(smtp.messages.map((m) => m.messageId)).toEqual([
      "<row-42@outbox.meridian-executive.co.uk>",
      "<row-42@outbox.meridian-executive.co.uk>",
      "<row-43@outbox.meridian-executive.co.uk>",
    ]);
  });
});
