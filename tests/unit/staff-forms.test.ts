/** Staff forms read with the one form check (validateWith, valibot) the public forms use: a message per field. */
import { describe, expect, it } from "vitest";
import { readInvitationForm } from "~/staff/accounts.server.ts";
import { readEndpoint } from "~/webhooks/endpoint-form.server.ts";
import { refused } from "../support/refused.ts";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
};

describe("the invitation form (/admin/users)", () => {
  it("takes a name, an address and a role (administrator, or a member's permissions), the name trimmed", () => {
    const ivy = { name: "  Ivy  ", email: "ivy@example.com" };
    expect(readInvitationForm({ ...ivy, access: "member" }, ["site", "leads"])).toEqual({
      ok: true,
      invitee: { name: "Ivy", email: "ivy@example.com", role: "leads,site" },
    });
    expect(readInvitationForm({ ...ivy, access: "member" }, ["site"])).toMatchObject({ invitee: { role: "site" } });
    // An administrator has every permission: boxes left checked do not matter.
    expect(readInvitationForm({ ...ivy, access: "admin" }, ["site"])).toMatchObject({ invitee: { role: "admin" } });
  });

  it("gives the first message for each field, for missing and wrong values alike", () => {
    expect(readInvitationForm({}, [])).toEqual(
      refused({
        name: "Enter their name.",
        email: "Enter an e-mail address, like name@example.com.",
        access: "Choose Administrator or Member.",
      }),
    );
    expect(readInvitationForm({ name: " ", email: "not an address", access: "owner" }, [])).toEqual(
      refused({
        name: "Enter their name.",
        email: "Enter an e-mail address, like name@example.com.",
        access: "Choose Administrator or Member.",
      }),
    );
    expect(readInvitationForm({ name: "x".repeat(101), email: "a@example.com", access: "admin" }, [])).toEqual(
      refused({ name: "Use at most 100 characters." }),
    );
  });

  it("needs at least one permission for a member, each one known", () => {
    const member = { name: "Ivy", email: "ivy@example.com", access: "member" };
    const problems = { permissions: "Choose what a member may do: Work leads, Edit the site, or both." };
    for (const chosen of [[], ["admin"], ["leads", "everything"], [""]]) {
      expect(readInvitationForm(member, chosen), chosen.join(",")).toEqual({ ok: false, problems });
    }
  });
});

describe("the webhook endpoint form (/admin/webhooks)", () => {
  it("takes an https address, a trimmed description and events", () => {
    const read = readEndpoint(
      form({ url: "https://hooks.example.com/in", description: "  CRM  ", events: ["lead.created", "lead.created"] }),
      false,
    );
    expect(read).toEqual({
      ok: true,
      endpoint: { url: "https://hooks.example.com/in", description: "CRM", events: ["lead.created"] },
    });
  });

  it("says what is wrong with each field", () => {
    const read = readEndpoint(form({ url: "http://127.0.0.1/x", description: "d".repeat(101) }), false);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.description).toBe("Use at most 100 characters.");
    expect(read.problems.events).toBe("Choose at least one event.");
    expect(read.problems.url).toMatch(/./);
  });
});
