import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes). */
// algorithm 2 = Argon2id (the package's enum is a const enum, unusable under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, OPTIONS),
  verify: async (hashed, password) => {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  },
};

/** Verifying against this when the account does not exist keeps timing from revealing which emails exist. */
export const DUMMY_HASH_PROMISE = argon2Hasher.hash('not-a-real-password-just-for-timing');
