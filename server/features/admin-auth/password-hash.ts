/**
 * Password hashing with argon2id (@node-rs/argon2; OWASP Password Storage Cheat Sheet: argon2id,
 * m = 19 MiB, t = 2, p = 1, the library's defaults, spelled out so a library change cannot weaken
 * them). The hash is a PHC string holding its own parameters and salt.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum, which isolatedModules cannot read). */
const ARGON2ID = 2 as Algorithm.Argon2id;

const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

/** True when `password` matches `phc`; false (never a throw) for a wrong password or a malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password with the same parameters, verified when the typed e-mail has no
 * account, so an unknown e-mail costs the same time as a wrong password (no account enumeration by
 * timing). Made once per process.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('hex'));
  return dummy;
}
