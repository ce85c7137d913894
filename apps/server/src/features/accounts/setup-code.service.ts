import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors';
import { safeEqual, sha256 } from '../../lib/crypto';
import type { SetupCodeRepository } from './setup-code.repository';

/** No 0/O or 1/I/L: the code is read off a terminal and typed by hand. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const generateCode = () =>
  Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join(
    '-',
  );

/** Case, spaces and dashes do not matter when the code is typed back. */
const normalize = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export interface SetupCodeOptions {
  /** False when SUPER_ADMIN_EMAIL names the first account: then nobody else can claim the instance anyway. */
  enabled: boolean;
  /** HEARTH_SETUP_CODE, for automation; otherwise a random code is made at each start. */
  fixedCode: string | undefined;
}

/**
 * The one-time setup code of a fresh instance (like Grafana's or Jupyter's): whoever can reach the server but not
 * read its log — a web page using DNS rebinding, say — cannot create the first account, which becomes super admin.
 * While unclaimed, every start makes a new code, prints it and stores its hash where every replica reads it: the
 * newest code printed by any replica is the one that works.
 */
export class SetupCodeService {
  constructor(
    private readonly repository: SetupCodeRepository,
    private readonly options: SetupCodeOptions,
  ) {}

  async prepare(log: FastifyBaseLogger): Promise<void> {
    if (!this.options.enabled) return;
    if (await this.repository.isClaimed()) {
      await this.repository.clear();
      return;
    }
    const code = this.options.fixedCode ?? generateCode();
    await this.repository.storeHash(sha256(normalize(code)));
    if (this.options.fixedCode) {
      log.warn('No account exists yet: the first sign-up needs the setup code from HEARTH_SETUP_CODE.');
    } else {
      log.warn(
        { setup_code: code },
        `No account exists yet. Setup code for the first (super admin) account: ${code} — enter it on the Sign Up tab.`,
      );
    }
  }

  /** Whether a sign-up now needs the code (the web's Sign Up form shows the field then). */
  async required(): Promise<boolean> {
    return this.options.enabled && !(await this.repository.isClaimed());
  }

  /** Refuses a sign-up on an unclaimed instance without the right code. */
  async assert(code: string | undefined): Promise<void> {
    if (!(await this.required())) return;
    if (!code?.trim()) {
      throw new AppError(
        'setup_code_required',
        403,
        'This new instance needs the setup code printed in the server log to create the first account.',
      );
    }
    const stored = await this.repository.storedHash();
    if (!stored || !safeEqual(stored, sha256(normalize(code)))) {
      throw new AppError(
        'setup_code_invalid',
        403,
        'The setup code is not correct. Use the newest code printed in the server log.',
      );
    }
  }
}
