// Dice anyone can verify (commit–reveal), specified in docs/dice.md: the server
// commits to a secret seed by publishing its SHA-256, each player may add a seed of
// their own before the first roll, and roll n is HMAC-SHA256 keyed by the server
// seed over the scheme's name, n and both player seeds, mapped to faces by
// rejection sampling (no modulo bias). Pure and the same in the browser and in
// Node (Web Crypto, `globalThis.crypto.subtle`), so the "verify" page, the
// `verify-dice` command and the server compute rolls with the same code.

export const DICE_SCHEME = "moot-dice/1";

/** A player's seed: up to 64 letters, digits, "-" or "_" (so the message needs no escaping). */
export const PLAYER_SEED = /^[A-Za-z0-9_-]{0,64}$/;
/** The server seed: 32 bytes as 64 lowercase hex digits. */
export const SERVER_SEED = /^[0-9a-f]{64}$/;

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;
const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

const toHex = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** The commitment published when the game starts: SHA-256 of the server seed's bytes, in hex. */
export async function commitment(serverSeed: string): Promise<string> {
  if (!SERVER_SEED.test(serverSeed)) throw new Error("the server seed is 64 lowercase hex digits");
  return toHex(await subtle().digest("SHA-256", hexToBytes(serverSeed)));
}

export interface DiceSeeds {
  readonly serverSeed: string;
  readonly playerSeeds: readonly [string, string];
}

/**
 * Roll number `n` (1 for a game's first roll, every roll counted, opening ties
 * too): `dice` values from 1 to `faces`. Block j of bytes is
 * HMAC-SHA256(server seed, "moot-dice/1:n:seed1:seed2:j"); a byte b below
 * 256 - 256 mod faces gives b mod faces + 1, a larger one is skipped.
 */
export async function rollDice(seeds: DiceSeeds, n: number, dice = 2, faces = 6): Promise<number[]> {
  if (!SERVER_SEED.test(seeds.serverSeed)) throw new Error("the server seed is 64 lowercase hex digits");
  for (const seed of seeds.playerSeeds) if (!PLAYER_SEED.test(seed)) throw new Error("a player seed is up to 64 letters, digits, - or _");
  if (!Number.isSafeInteger(n) || n < 1) throw new Error("rolls are numbered from 1");
  if (!Number.isInteger(faces) || faces < 2 || faces > 256) throw new Error("a die has 2 to 256 faces");
  const key = await subtle().importKey("raw", hexToBytes(seeds.serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const limit = 256 - (256 % faces);
  const values: number[] = [];
  for (let block = 0; values.length < dice; block++) {
    const message = `${DICE_SCHEME}:${n}:${seeds.playerSeeds[0]}:${seeds.playerSeeds[1]}:${block}`;
    const bytes = new Uint8Array(await subtle().sign("HMAC", key, utf8(message)));
    for (const byte of bytes) {
      if (byte >= limit) continue;
      values.push((byte % faces) + 1);
      if (values.length === dice) break;
    }
  }
  return values;
}

/** A game's dice as a downloaded record keeps them (docs/dice.md, "The record"). */
export interface DiceRecord {
  readonly scheme: string;
  readonly commitment: string;
  readonly serverSeed: string;
  readonly playerSeeds: readonly [string, string];
  readonly rolls: readonly { readonly n: number; readonly dice: readonly number[] }[];
  readonly faces?: number;
}

export interface DiceCheck {
  readonly ok: boolean;
  /** One sentence per finding, the failures first. */
  readonly findings: string[];
}

/** Recomputes the commitment and every roll of a record. */
export async function verifyDice(record: DiceRecord): Promise<DiceCheck> {
  const failures: string[] = [];
  if (record.scheme !== DICE_SCHEME) return { ok: false, findings: [`The record uses the scheme "${record.scheme}", not ${DICE_SCHEME}.`] };
  if (!SERVER_SEED.test(record.serverSeed)) return { ok: false, findings: ["The server seed has not been revealed (or is not 64 hex digits)."] };
  const committed = await commitment(record.serverSeed);
  if (committed !== record.commitment)
    failures.push(`The server seed does not match the commitment: its SHA-256 is ${committed}, the commitment was ${record.commitment}.`);
  const seeds: DiceSeeds = { serverSeed: record.serverSeed, playerSeeds: record.playerSeeds };
  for (const [i, roll] of record.rolls.entries()) {
    // A left-out roll could hide a roll drawn and thrown away.
    if (roll.n !== i + 1) failures.push(`Roll ${i + 1} of the record is numbered ${roll.n}: rolls are numbered 1, 2, 3, … with none left out.`);
    const expected = await rollDice(seeds, roll.n, roll.dice.length, record.faces ?? 6);
    if (expected.join() !== roll.dice.join()) failures.push(`Roll ${roll.n} was ${roll.dice.join("-")}, but the seeds give ${expected.join("-")}.`);
  }
  const ok = failures.length === 0;
  return { ok, findings: ok ? [`The server seed matches the commitment and all ${record.rolls.length} rolls match the seeds.`] : failures };
}
