/**
 * Password hashing: argon2id through @node-rs/argon2 (a maintained binding
 * with prebuilt binaries; docs/decisions/023-staff-accounts.md), with the
 * OWASP-recommended minimum cost (19 MiB, 2 passes, 1 lane). The PHC string
 * keeps its parameters, so raising them later still verifies old hashes.
 */
import { hash, verify } from "@node-rs/argon2";

const cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}

/**
 * A hash of nothing anyone knows: an unknown address is checked against it,
 * so a wrong address takes as long to refuse as a wrong password.
 */
let decoy: Promise<string> | undefined;
export async function verifyNothing(password: string): Promise<false> {
  decoy ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await decoy, password);
  return false;
}
