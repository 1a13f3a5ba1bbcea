/**
 * The pure rules of a joining link's updates (issue 41, ADR 085): its keyed
 * fingerprint, what an invitation should keep of it, where the invitation
 * puts it (read back with a calendar library, ical.js), and the outbox
 * putting it into a stored calendar file and HTML as it sends.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { withCredentialsInCalendar, withCredentialsInHtml } from "~/mail/outbox-rules.ts";
import { withheldCredential } from "~/mail/types.ts";
import {
  invitationIcs,
  joiningLinkCredential,
  type InvitationSays,
} from "~/orders/course-booking/invitation-ics.server.ts";
import { joiningLinkFingerprint, joiningLinkToSay } from "~/orders/course-booking/invitations.server.ts";
import { fingerprint, fingerprintOf, keyring, newKeyMaterial } from "~/secrets/sealing.server.ts";

const material = newKeyMaterial();
const keys = keyring(material);
const link = "https://meet.example/j/98765?pwd=a1,b2&lang=en;x=1";
const stamp = new Date("2027-05-08T10:00:00Z");

const says: InvitationSays = {
  title: "Enterprise Risk Management",
  url: "https://site.example/courses/risk-management",
  location: "Live online",
  description:
    "Enterprise Risk Management, a 5-day course with Meridian Executive Training.\n\nLive online: we e-mail your joining link before the first day.",
  days: [10, 11, 12, 13, 14].map((d) => ({
    startsAt: `2027-05-${d}T08:00:00.000Z`,
    endsAt: `2027-05-${d}T15:30:00.000Z`,
  })),
  attendee: { name: "Ada Lovelace", email: "ada@example.com" },
};

function event(ics: string) {
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!;
  return {
    location: vevent.getFirstPropertyValue("location"),
    description: String(vevent.getFirstPropertyValue("description")),
    url: vevent.getFirstPropertyValue("url"),
  };
}

describe("a joining link's fingerprint", () => {
  it("is keyed: the same link gives the same fingerprint under one key and another under another, and holds nothing of the link", () => {
    const print = fingerprint(keys, link, "joining-link");
    expect(print).toMatch(new RegExp(`^${keys.current.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(fingerprint(keys, link, "joining-link")).toBe(print);
    expect(fingerprint(keyring(newKeyMaterial()), link, "joining-link").split(".")[1]).not.toBe(print.split(".")[1]);
    expect(print).not.toContain("meet.example");
    expect(fingerprintOf(keys, print, link, "joining-link")).toEqual({ same: true, current: true });
    expect(fingerprintOf(keys, print, `${link}x`, "joining-link")).toEqual({ same: false, unknown: false });
    // A rotation: the old key, still in the ring, still says; a key gone says nothing.
    const rotated = keyring(newKeyMaterial(), [material]);
    expect(fingerprintOf(rotated, print, link, "joining-link")).toEqual({ same: true, current: false });
    expect(fingerprintOf(keyring(newKeyMaterial()), print, link, "joining-link")).toEqual({
      same: false,
      unknown: true,
    });
  });

  it("an invitation keeps it only for a delegate sent their instructions, the one it has while the link is the same", () => {
    const carried = { ...says, joiningLink: joiningLinkFingerprint(keys, link) };
    // Not yet sent the instructions: nothing (they will carry the link).
    expect(joiningLinkToSay(keys, says, link, false)).toEqual({ joiningLink: undefined, rekeyed: false });
    // Sent them: the link's fingerprint; the same link keeps the one kept.
    expect(joiningLinkToSay(keys, says, link, true).joiningLink).toBe(carried.joiningLink);
    expect(joiningLinkToSay(keys, carried, link, true)).toEqual({ joiningLink: carried.joiningLink, rekeyed: false });
    // Changed: a new one; withdrawn: none.
    const changed = joiningLinkToSay(keys, carried, "https://meet.example/j/other", true);
    expect(changed.joiningLink).not.toBe(carried.joiningLink);
    expect(changed.rekeyed).toBe(false);
    expect(joiningLinkToSay(keys, carried, null, true).joiningLink).toBeUndefined();
    // Stored but opened by no key: what it had, unchanged.
    expect(joiningLinkToSay(keys, carried, "unopened", true).joiningLink).toBe(carried.joiningLink);
    // A new key, the link the same: made again under it, marked to be kept without sending.
    const rotated = keyring(newKeyMaterial(), [material]);
    const rekeyed = joiningLinkToSay(rotated, carried, link, true);
    expect(rekeyed.rekeyed).toBe(true);
    expect(rekeyed.joiningLink!.startsWith(`${rotated.current.id}.`)).toBe(true);
  });
});

describe("an invitation carrying the joining link", () => {
  const carried = { ...says, joiningLink: joiningLinkFingerprint(keys, link) };

  it("names the link (withheld) as the place and in the words; the URL stays the course's page; a cancellation carries none", () => {
    const stand = withheldCredential(joiningLinkCredential);
    const request = event(invitationIcs("REQUEST", { uid: "u@x", sequence: 2, says: carried }, stamp));
    expect(request.location).toBe(stand);
    expect(request.description).toContain(`Live online: join each day from this link`);
    expect(request.description).toContain(stand);
    expect(request.description).not.toContain("we e-mail your joining link");
    expect(request.url).toBe(says.url);
    const cancel = event(invitationIcs("CANCEL", { uid: "u@x", sequence: 3, says: carried }, stamp));
    expect(cancel.location).toBe("Live online");
    expect(cancel.description).not.toContain(stand);
    // Without a fingerprint, as before.
    expect(event(invitationIcs("REQUEST", { uid: "u@x", sequence: 0, says }, stamp)).location).toBe("Live online");
  });

  it("gets the link from the outbox as it sends: escaped, its lines folded again at 75 octets, even a stand-in folded in two", () => {
    const stored = invitationIcs("REQUEST", { uid: "u@x", sequence: 2, says: carried }, stamp);
    const sent = withCredentialsInCalendar(stored, { [joiningLinkCredential]: link, other: "tok" });
    expect(sent.split("\r\n").filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);
    expect(sent).not.toContain("withheld-credential");
    const read = event(sent);
    expect(read.location).toBe(link);
    expect(read.description).toContain(
      `before the start (it is for the course's delegates only: please do not forward it): ${link}`,
    );
    expect(read.url).toBe(says.url);
    // A line folded inside the stand-in (ical-generator folds at 75 octets, wherever the stand-in falls).
    const folded =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nLOCATION:Join: withheld-cred\r\n ential-joining-link\r\nEND:VEVENT\r\nEND:VCALENDAR";
    expect(withCredentialsInCalendar(folded, { [joiningLinkCredential]: link })).toBe(
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nLOCATION:Join: https://meet.example/j/98765?pwd=a1\\,b2&lang=en\\;x=1\r\nEND:VEVENT\r\nEND:VCALENDAR",
    );
    // Nothing to put in: left as stored.
    expect(withCredentialsInCalendar(stored, {})).toBe(stored);
    const plain = invitationIcs("REQUEST", { uid: "u@x", sequence: 0, says }, stamp);
    expect(withCredentialsInCalendar(plain, { [joiningLinkCredential]: link })).toBe(plain);
  });

  it("an HTML body gets the link escaped; a token, with nothing to escape, as it is", () => {
    const html = `<a href="${withheldCredential("joining-link")}">${withheldCredential("joining-link")}</a> ${withheldCredential("setup")}`;
    expect(withCredentialsInHtml(html, { "joining-link": 'https://x.example/?a=1&b="2"', setup: "Ab_-9" })).toBe(
      '<a href="https://x.example/?a=1&amp;b=&quot;2&quot;">https://x.example/?a=1&amp;b=&quot;2&quot;</a> Ab_-9',
    );
  });
});
