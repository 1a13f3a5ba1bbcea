import { describe, expect, it } from "vitest";
import { redactAddresses } from "~/observability/redact.ts";
import { capturedLog } from "../support/captured-log.ts";

describe("redactAddresses", () => {
  it("masks an address in every shape a third party's error quotes it", () => {
    const shapes: [string, string][] = [
      ["Recipient rejected: bob@example.test unknown", "Recipient rejected: [address] unknown"],
      [
        "550 5.1.1 <ann.lee+x@mail.example.co.uk>: Recipient address rejected",
        "550 5.1.1 <[address]>: Recipient address rejected",
      ],
      ['to "jo@x.test", (sam@y.test); kim@z.test', 'to "[address]", ([address]); [address]'],
      ["Invalid email address: 'Ann.Lee@Example.COM'", "Invalid email address: '[address]'"],
      ["RCPT TO:<ANN+TAG@EXAMPLE.CO.UK> refused", "RCPT TO:<[address]> refused"],
      ["GET /v1/customers?email=ann%40example.com failed", "GET /v1/customers?email=[address] failed"],
      ["receipt_email=ann%2Btraining%40example.co.uk&amount=1", "receipt_email=[address]&amount=1"],
      ["double-encoded ann%2540example.com", "double-encoded [address]"],
      ["mailto:ann@example.com.", "mailto:[address]."],
      ["Key (email)=(dana@example.test) already exists.", "Key (email)=([address]) already exists."],
      ["postmaster@localhost said no", "[address] said no"],
      ["zoë.müller@exämple.de", "[address]"],
    ];
    for (const [text, masked] of shapes) expect(redactAddresses(text), text).toBe(masked);
  });

  it("keeps the rest of the text: hosts, ports, paths, scoped packages", () => {
    for (const text of [
      "connect ECONNREFUSED 127.0.0.1:2525",
      "getaddrinfo ENOTFOUND smtp.example.com",
      "at file:///srv/node_modules/@react-router/express/dist/index.js:12:3",
      "No such payment_intent: 'pi_123'",
      "Amount must be at least £0.30 gbp",
      "",
    ]) {
      expect(redactAddresses(text)).toBe(text);
    }
  });
});

describe("the site's logger", () => {
  it("masks addresses in every logged error's message and stack", () => {
    const { log, lines, text } = capturedLog();
    const error = new Error(
      "Invalid email address: Ann.Lee+q4@Example.co.uk (receipt_email=ann.lee%2Bq4%40example.co.uk)",
    );
    log.error({ err: error }, "Stripe refused");
    log.warn({ err: "550 <kim@example.test> unknown" }, "a string thrown");
    const output = text();
    expect(output).toContain("Invalid email address: [address] (receipt_email=[address])");
    expect(output).toContain("550 <[address]> unknown");
    expect(output).not.toMatch(/ann\.lee|kim@|%40/i);
    const entry = JSON.parse(lines[0]!) as { err: { message: string; stack: string } };
    expect(entry.err.stack).toMatch(/^Error: Invalid email address: \[address\]/);
  });
});
