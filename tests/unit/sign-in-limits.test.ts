/** The rules of back-office sign-in limits (ADR 037); the limits counted in each store: tests/data/sign-in-guard.test.ts. */
import { describe, expect, it } from "vitest";
import {
  accountAndAddressKey,
  accountKey,
  countsFor,
  isKnownAddress,
  signInLimits,
} from "~/staff/sign-in-limits.server.ts";

describe("sign-in limits", () => {
  it("are 5 wrong answers per account and address and 10 per account from new addresses, in 15 minutes", () => {
    expect(signInLimits).toEqual({
      windowSeconds: 900,
      perAccountAndAddress: 5,
      perAccountFromNewAddresses: 10,
      knownForDays: 30,
    });
  });

  it("count an attempt from a new address against the account too, one from a known address not", () => {
    expect(countsFor(false)).toEqual(["address", "account-and-address", "account"]);
    expect(countsFor(true)).toEqual(["address", "account-and-address"]);
  });

  it("know an address the account signed in from, or another in its IPv6 /64", () => {
    const signedInFrom = ["192.0.2.10", "2001:db8:1:2::5", "::ffff:198.51.100.7"];
    expect(isKnownAddress("192.0.2.10", signedInFrom)).toBe(true);
    expect(isKnownAddress("::ffff:192.0.2.10", signedInFrom)).toBe(true);
    expect(isKnownAddress("198.51.100.7", signedInFrom)).toBe(true);
    expect(isKnownAddress("2001:db8:1:2:ffff::1", signedInFrom)).toBe(true);
    expect(isKnownAddress("192.0.2.11", signedInFrom)).toBe(false);
    expect(isKnownAddress("2001:db8:1:3::5", signedInFrom)).toBe(false);
    expect(isKnownAddress("192.0.2.10", [])).toBe(false);
    // Junk in place of an address is never known, even if junk was stored.
    expect(isKnownAddress("unknown", ["unknown"])).toBe(false);
  });

  it("key an account by what was typed, whatever its case, and never by the address itself", () => {
    expect(accountKey(" Jane.Doe@Example.com ")).toBe(accountKey("jane.doe@example.com"));
    expect(accountKey("jane.doe@example.com")).not.toBe(accountKey("john@example.com"));
    expect(accountKey("jane.doe@example.com")).toMatch(/^[0-9a-f]{40}$/);
    const pair = accountAndAddressKey("jane.doe@example.com", "192.0.2.10");
    expect(pair).toMatch(/^[0-9a-f]{40}$/);
    expect(accountAndAddressKey("JANE.DOE@example.com", "::ffff:192.0.2.10")).toBe(pair);
    expect(accountAndAddressKey("jane.doe@example.com", "192.0.2.11")).not.toBe(pair);
    expect(accountAndAddressKey("john@example.com", "192.0.2.10")).not.toBe(pair);
  });
});
