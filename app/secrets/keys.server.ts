/**
 * Where the secrets key comes from (docs/decisions/033-secrets-at-rest.md):
 * SECRETS_KEY (and SECRETS_KEY_PREVIOUS during a rotation), or, on the
 * embedded defaults only, the file DATA_DIR/secrets.key, made once with a
 * random key and readable by its owner alone. The file is outside the
 * database, so a copy or backup of the database alone opens nothing.
 * Production with PostgreSQL or a public SITE_URL refuses to start without
 * SECRETS_KEY (app/config/config.server.ts): instances must share one key, and
 * a key on the server's disk beside the database protects less.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { keyring, minimumKeyLength, newKeyMaterial, type Keyring } from "./sealing.server.ts";

export const keyFileName = "secrets.key";

export type KeySettings = { SECRETS_KEY?: string; SECRETS_KEY_PREVIOUS?: string[]; dataDir: string };

export function loadKeyring(settings: KeySettings): { keys: Keyring; source: "setting" | "file" } {
  if (settings.SECRETS_KEY) {
    return { keys: keyring(settings.SECRETS_KEY, settings.SECRETS_KEY_PREVIOUS ?? []), source: "setting" };
  }
  return { keys: keyring(keyFileMaterial(settings.dataDir), settings.SECRETS_KEY_PREVIOUS ?? []), source: "file" };
}

/** The key kept in DATA_DIR/secrets.key, made there first if need be (also what a benchmark hands its server as SECRETS_KEY). */
export function keyFileMaterial(dataDir: string): string {
  const file = path.join(dataDir, keyFileName);
  const existing = readKeyFile(file);
  if (existing !== null) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx": never overwrite a key another process made a moment ago.
    writeFileSync(file, `${newKeyMaterial()}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const made = readKeyFile(file);
  if (made === null) throw new Error(`${file}: could not read the key just written`);
  return made;
}

function readKeyFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (text.length < minimumKeyLength) {
    throw new Error(`${file}: the key is shorter than ${minimumKeyLength} characters (damaged?)`);
  }
  return text;
}
