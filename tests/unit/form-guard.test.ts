/**
 * The one form guard (app/spam/form-guard.server.ts, ADR 059): its bot rule
 * (honeypot, minimum fill time), and its decisions with the services it
 * calls: a bot's post is kept for the spam folder and never counted; a
 * person's is counted under the bare client address in its family's scope.
 * The counts across families and addresses, in every store: tests/data/rate-limit.test.ts.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { AppConfig } from "~/config/config.server.ts";
import type { FormFamily } from "~/forms/protection.ts";
import { resultMessages } from "~/forms/result.ts";
import { clientKey } from "~/http/rate-limit.server.ts";
import { clientIpContext, configContext, logContext } from "~/http/request-context.ts";
import { silentLogger } from "~/observability/log.server.ts";
import type { LeadService } from "~/leads/types.ts";
import { servicesContext } from "~/services.ts";
import {
  botVerdict,
  guardForm,
  guardLimit,
  guardPost,
  readFormFields,
  unreadableForm,
} from "~/spam/form-guard.server.ts";
import { standInServices } from "../support/stand-in-services.ts";

const now = Date.parse("2026-11-28T12:00:00.000Z");

describe("botVerdict", () => {
  it.each([
    ["a person, slower than the minimum", { name: "Ann", formStartedAt: String(now - 5_000) }, null],
    ["exactly the minimum", { formStartedAt: String(now - 3_000) }, null],
    ["no start time (no JavaScript)", { name: "Ann" }, null],
    ["an empty start time", { formStartedAt: "" }, null],
    ["a start time in our future (the browser's clock)", { formStartedAt: String(now + 60_000) }, null],
    ["a start time that is not a number", { formStartedAt: "soon" }, null],
    ["a blank honeypot", { website: "   ", formStartedAt: String(now - 5_000) }, null],
    ["a filled honeypot", { website: "http://spam.example", formStartedAt: String(now - 5_000) }, "honeypot"],
    ["a filled honeypot beats the time", { website: "x", formStartedAt: String(now - 100) }, "honeypot"],
    ["sent sooner than the minimum", { formStartedAt: String(now - 2_999) }, "too-fast"],
    ["sent the same millisecond", { formStartedAt: now }, "too-fast"],
  ])("%s", (_, fields, verdict) => {
    expect(botVerdict(fields, now, 3)).toBe(verdict);
  });

  it("a minimum of 0 turns the timer off, not the honeypot", () => {
    expect(botVerdict({ formStartedAt: String(now) }, now, 0)).toBeNull();
    expect(botVerdict({ website: "x" }, now, 0)).toBe("honeypot");
  });
});

describe("clientKey, as the guard's limits count", () => {
  it("two addresses in one IPv6 /64 share a key; another /64 has its own", () => {
    expect(clientKey("2001:db8:5:6::1")).toBe(clientKey("2001:db8:5:6:abcd::2"));
    expect(clientKey("2001:db8:5:6::1")).not.toBe(clientKey("2001:db8:5:7::1"));
  });

  it("an IPv4 address and the same written as IPv6 share a key; two IPv4 addresses do not", () => {
    expect(clientKey("::ffff:192.0.2.10")).toBe(clientKey("192.0.2.10"));
    expect(clientKey("192.0.2.10")).not.toBe(clientKey("192.0.2.11"));
  });

  it("anything prefixed is not an address: every visitor would share one key (issue 37's bug)", () => {
    expect(clientKey("booking:192.0.2.10")).toBe("unknown");
    expect(clientKey("booking:192.0.2.11")).toBe(clientKey("booking:2001:db8::1"));
  });
});

type Kept = Parameters<LeadService["keepRefused"]>[0];

/** A request's context with services that record what the guard asks of them. */
function guardContext(options: { address: string | null; allow?: boolean; keepFails?: boolean }) {
  const counted: [FormFamily, string][] = [];
  const kept: Kept[] = [];
  const context = new RouterContextProvider();
  context.set(configContext, { FORM_MIN_FILL_SECONDS: 3 } as AppConfig);
  context.set(clientIpContext, options.address);
  context.set(logContext, silentLogger);
  context.set(
    servicesContext,
    standInServices({
      leads: {
        keepRefused: async (spam: Kept) => {
          if (options.keepFails) throw new Error("database down");
          kept.push(spam);
          return true;
        },
      } as unknown as LeadService,
      allowSubmission: async (family, clientAddress) => {
        counted.push([family, clientAddress]);
        return options.allow ?? true;
      },
    }),
  );
  return { context, counted, kept };
}

const booking = (fields: Record<string, unknown>) =>
  ({ family: "booking", kind: "course-booking", fields, sourcePage: "/courses/x/book/y" }) as const;

describe("guardPost", () => {
  it("lets a person's post on, counted once under the bare client address in its family's scope", async () => {
    const { context, counted, kept } = guardContext({ address: "192.0.2.10" });
    expect(
      await guardPost(context, booking({ bookerEmail: "ann@example.test", formStartedAt: now - 5_000 }), now),
    ).toBeNull();
    expect(counted).toEqual([["booking", "192.0.2.10"]]);
    expect(kept).toEqual([]);
  });

  it("refuses a filled honeypot with 400, keeps the post for the spam folder, and counts nothing", async () => {
    const { context, counted, kept } = guardContext({ address: "192.0.2.10" });
    const fields = { bookerEmail: "bot@example.test", website: "http://spam.example" };
    expect(await guardPost(context, booking(fields), now)).toEqual({
      status: 400,
      reason: "honeypot",
      message: resultMessages.rejected,
    });
    expect(kept).toEqual([
      {
        kind: "course-booking",
        reason: "honeypot",
        fields,
        clientAddress: "192.0.2.10",
        sourcePage: "/courses/x/book/y",
      },
    ]);
    expect(counted).toEqual([]);
  });

  it("refuses a post sent too fast with 400 and keeps it", async () => {
    const { context, kept } = guardContext({ address: "2001:db8::7" });
    const answer = await guardPost(
      context,
      { ...booking({ formStartedAt: now - 500 }), family: "enquiry", kind: "contact" },
      now,
    );
    expect(answer).toEqual({ status: 400, reason: "too-fast", message: resultMessages.tooFast });
    expect(kept.map((k) => [k.kind, k.reason, k.clientAddress])).toEqual([["contact", "too-fast", "2001:db8::7"]]);
  });

  it("answers the same when the spam folder cannot keep the post", async () => {
    const { context } = guardContext({ address: "192.0.2.10", keepFails: true });
    expect((await guardPost(context, booking({ website: "x" }), now))?.status).toBe(400);
  });

  it("refuses with 429 once the family's limit says no", async () => {
    const { context, counted } = guardContext({ address: "192.0.2.10", allow: false });
    expect(await guardPost(context, booking({}), now)).toEqual({
      status: 429,
      reason: "rate-limited",
      message: resultMessages.rateLimited,
    });
    expect(counted).toEqual([["booking", "192.0.2.10"]]);
  });

  it("counts a request without a resolved address as 'unknown'", async () => {
    const { context, counted } = guardContext({ address: null });
    await guardLimit(context, "payment");
    expect(counted).toEqual([["payment", "unknown"]]);
  });
});

describe("readFormFields", () => {
  it("reads a posted form's text fields", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      body: new URLSearchParams({ a: "1", b: "two" }),
    });
    expect(await readFormFields(request)).toEqual({ a: "1", b: "two" });
  });

  it("answers null for a body that is not a form", async () => {
    const request = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "not multipart at all",
    });
    expect(await readFormFields(request)).toBeNull();
  });
});

describe("guardForm", () => {
  const post = { family: "booking", kind: "course-booking", sourcePage: "/courses/x/book/y" } as const;
  const formPost = (body: BodyInit, headers?: HeadersInit) =>
    new Request("http://localhost/courses/x/book/y", { method: "POST", body, headers });

  it("reads a person's form and lets it on, counted in its family's scope", async () => {
    const { context, counted } = guardContext({ address: "192.0.2.10" });
    const request = formPost(new URLSearchParams({ bookerName: "Ann", formStartedAt: String(now - 5_000) }));
    expect(await guardForm(context, request, post, now)).toEqual({
      fields: { bookerName: "Ann", formStartedAt: String(now - 5_000) },
      refusal: null,
    });
    expect(counted).toEqual([["booking", "192.0.2.10"]]);
  });

  it("refuses a body that is not a form with 400 and the clear message, counting nothing", async () => {
    const { context, counted } = guardContext({ address: "192.0.2.10" });
    const request = formPost("not multipart at all", { "Content-Type": "multipart/form-data; boundary=x" });
    expect(await guardForm(context, request, post, now)).toEqual({
      fields: null,
      refusal: { status: 400, reason: "unreadable", message: unreadableForm },
    });
    expect(counted).toEqual([]);
  });

  it("refuses a bot's form as guardPost does, with the fields it read", async () => {
    const { context, kept } = guardContext({ address: "192.0.2.10" });
    const request = formPost(new URLSearchParams({ website: "http://spam.example" }));
    expect(await guardForm(context, request, post, now)).toEqual({
      fields: { website: "http://spam.example" },
      refusal: { status: 400, reason: "honeypot", message: resultMessages.rejected },
    });
    expect(kept.map((k) => k.kind)).toEqual(["course-booking"]);
  });
});
