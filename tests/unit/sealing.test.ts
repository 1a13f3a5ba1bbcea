/** Secrets at rest (app/secrets): sealing, opening, keys, the key file, and credentials kept out of stored e-mails. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { withCredentials } from "~/mail/outbox-rules.ts";
import { withheldCredential } from "~/mail/types.ts";
import { keyFileName, loadKeyring } from "~/secrets/keys.server.ts";
import {
  isSealed,
  keyring,
  newKeyMaterial,
  seal,
  sealedUnderOldKey,
  SealedSecretError,
  secretKey,
  unseal,
} from "~/secrets/sealing.server.ts";
import { invitationEmail, resetEmail } from "~/staff/invitation-email.server.ts";

const material = newKeyMaterial();
const keys = keyring(material);

describe("sealing", () => {
  it("opens what it sealed, with a fresh nonce each time, and keeps the plaintext out of the sealed text", () => {
    const a = seal(keys, "JBSWY3DPEHPK3PXP", "totp");
    const b = seal(keys, "JBSWY3DPEHPK3PXP", "totp");
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain("JBSWY3DPEHPK3PXP");
    expect(unseal(keys, a, "totp")).toBe("JBSWY3DPEHPK3PXP");
    expect(unseal(keys, seal(keys, "£ and ünïcode", "outbox"), "outbox")).toBe("£ and ünïcode");
  });

  it("refuses another key, another purpose, and any change to the sealed text", () => {
    const sealed = seal(keys, "secret", "totp");
    expect(() => unseal(keyring(newKeyMaterial()), sealed, "totp")).toThrow(/unknown key/);
    expect(() => unseal(keys, sealed, "outbox")).toThrow(SealedSecretError);
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(() => unseal(keys, [...parts.slice(0, 3), body.toString("base64url")].join("."), "totp")).toThrow(
      /integrity/,
    );
    expect(() => unseal(keys, "JBSWY3DPEHPK3PXP", "totp")).toThrow(/not a sealed value/);
    expect(() => unseal(keys, `${sealed}.x`, "totp")).toThrow(/not a sealed value/);
  });

  it("opens values sealed under a previous key during a rotation, and says which need sealing anew", () => {
    const old = seal(keys, "secret", "totp");
    const rotated = keyring(newKeyMaterial(), [material]);
    expect(unseal(rotated, old, "totp")).toBe("secret");
    expect(sealedUnderOldKey(rotated, old)).toBe(true);
    expect(sealedUnderOldKey(rotated, seal(rotated, "secret", "totp"))).toBe(false);
  });

  it("derives the same key from the same text, and refuses key text under 32 characters", () => {
    expect(secretKey(material).id).toBe(keyring(material).current.id);
    expect(secretKey(material).aes).toHaveLength(32);
    expect(() => secretKey("x".repeat(31))).toThrow(/at least 32 characters/);
  });
});

describe("the key file (embedded defaults)", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "keys-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("is made once in DATA_DIR, readable by its owner only, and used again after", () => {
    const dataDir = path.join(tempDir(), "data");
    const first = loadKeyring({ dataDir });
    expect(first.source).toBe("file");
    const file = path.join(dataDir, keyFileName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toHaveLength(43);
    const sealed = seal(first.keys, "secret", "totp");
    expect(unseal(loadKeyring({ dataDir }).keys, sealed, "totp")).toBe("secret");
  });

  it("gives way to SECRETS_KEY, and refuses a damaged file", () => {
    const dataDir = tempDir();
    expect(loadKeyring({ dataDir, SECRETS_KEY: material }).keys.current.id).toBe(keys.current.id);
    writeFileSync(path.join(dataDir, keyFileName), "short\n");
    expect(() => loadKeyring({ dataDir })).toThrow(/shorter than 32 characters/);
  });
});

describe("one-time links in stored e-mails", () => {
  const token = "Abc123_-tokenTokenTokenTokenTokenTokenToken";
  const siteUrl = "https://www.example.test";
  const expiresAt = "2026-11-28T10:00:00.000Z";

  it("the invitation and reset e-mails hold a stand-in; the token goes in only at sending", () => {
    for (const email of [
      invitationEmail({ to: "new@example.test", name: "New", invitedBy: "Admin", siteUrl, token, expiresAt }),
      resetEmail({ to: "old@example.test", name: "Old", sentBy: "Admin", siteUrl, token, expiresAt }),
    ]) {
      expect(email.text).not.toContain(token);
      expect(email.html).not.toContain(token);
      expect(email.text).toContain(`${siteUrl}/admin/setup/${withheldCredential("setup")}`);
      expect(email.secrets).toEqual({ setup: token });
      expect(withCredentials(email.text, email.secrets!)).toContain(`${siteUrl}/admin/setup/${token}`);
      expect(withCredentials(email.html, email.secrets!)).toContain(`href="${siteUrl}/admin/setup/${token}"`);
      expect(withCredentials(email.html, email.secrets!)).not.toContain(withheldCredential("setup"));
    }
  });

  it("names credentials in lower-case words only", () => {
    expect(() => withheldCredential("Setup Token")).toThrow();
    expect(withheldCredential("booking-link")).toBe("withheld-credential-booking-link");
  });
});
