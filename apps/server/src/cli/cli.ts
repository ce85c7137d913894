import { Role } from '@hearth/contract';
import { ConfigError, loadConfig } from '../config';
import { AppError } from '../http/errors';
import { CliError } from '../features/recovery/account-cli.service';
import { buildCli } from '../wiring/cli-services';
import { BACKUP_COMMANDS, BACKUP_USAGE, runBackupCommand } from './backup-commands';

/** What the command line reads and writes; tests pass their own. */
export interface CliIo {
  /** A terminal the operator types into (then the password is prompted for, hidden). */
  isTty: boolean;
  /** All of standard input (the new password on its first line when piped). */
  readAll(): Promise<string>;
  /** Asks on the terminal without echoing what is typed. */
  promptHidden(question: string): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}

export const USAGE = `Usage: npm run hearth -- <command>

  reset-password EMAIL                 set a new password: prompted for on a terminal, or read from the first
                                       line of standard input (echo "$PASS" | npm run hearth -- reset-password ...)
  reset-password EMAIL --print-link    print a one-time reset link (valid 1 hour) instead
  promote EMAIL ROLE                   give the account a role: super_admin, admin, moderator or user
${BACKUP_USAGE}

reset-password and promote sign the account out everywhere (reset) or take effect at its next request
(promote), and are audited as "cli". DATABASE_URL, DATA_DIR and the other settings are read from the environment, as the server reads them.`;

/** Runs one command; returns the exit code. */
export async function runCli(argv: string[], env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const [command, email = '', ...rest] = argv;
  const backup = BACKUP_COMMANDS.includes(command ?? '');
  if (!command || command === 'help' || command === '--help' || (!email && !backup)) {
    io.err(USAGE);
    return command === 'help' || command === '--help' ? 0 : 2;
  }
  let config;
  try {
    config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  if (backup) return runBackupCommand(command, argv.slice(1), config, io, Boolean(env.SECRET));
  const cli = await buildCli(config);
  try {
    if (command === 'reset-password') return await resetPassword(cli, email, rest, io);
    if (command === 'promote') return await promote(cli, email, rest, io);
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  } catch (error) {
    if (error instanceof CliError || error instanceof AppError) {
      const reasons = error instanceof AppError && Array.isArray(error.details) ? ` (${error.details.join(', ')})` : '';
      io.err(`${error.message}${reasons}`);
      return 1;
    }
    throw error;
  } finally {
    await cli.close();
  }
}

type Cli = Awaited<ReturnType<typeof buildCli>>;

async function resetPassword(cli: Cli, email: string, flags: string[], io: CliIo): Promise<number> {
  if (flags.includes('--print-link')) {
    const link = await cli.accounts.resetLink(email, cli.baseUrl);
    io.out(`One-time password reset link for ${email} (valid until ${link.expires_at}, works once):`);
    io.out(link.url);
    return 0;
  }
  let password: string;
  if (io.isTty) {
    password = await io.promptHidden(`New password for ${email}: `);
    if ((await io.promptHidden('Repeat it: ')) !== password) {
      io.err('The passwords do not match; nothing changed.');
      return 1;
    }
  } else {
    password = (await io.readAll()).split(/\r?\n/)[0] ?? '';
  }
  if (!password) {
    io.err('No password given; nothing changed.');
    return 1;
  }
  await cli.accounts.resetPassword(email, password);
  io.out(`The password of ${email} was changed; its sessions and API tokens were ended.`);
  return 0;
}

async function promote(cli: Cli, email: string, args: string[], io: CliIo): Promise<number> {
  const role = Role.safeParse(args[0]);
  if (!role.success) {
    io.err(`Give a role: ${Role.options.join(', ')}.`);
    return 2;
  }
  const { from, to } = await cli.accounts.promote(email, role.data);
  io.out(`${email} is now ${to} (was ${from ?? 'no role'}).`);
  return 0;
}
