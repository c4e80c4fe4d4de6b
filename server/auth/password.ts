// Password hashing with argon2id (memory-hard), OWASP's recommended parameters.
import { hash, verify } from "@node-rs/argon2";

const PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  // @node-rs/argon2 defaults to argon2id; the encoded hash records the parameters.
  return hash(password, PARAMS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

// Verified against when the username does not exist, so that a miss costs the same
// time as a wrong password and timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword("moot-timing-equaliser");
  await verifyPassword(await dummyHash, password);
}
