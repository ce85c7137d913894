import {
  ADMIN_IMPORT_MAX_ROWS,
  AdminCreateUserBody,
  type AdminImportResult,
  type AdminImportRowResult,
  AssignableRole,
} from '@hearth/contract';
import { AppError } from '../../http/errors';
import type { AuthUser } from '../accounts';
import type { AdminUserService } from './admin-user.service';
import { CsvError, parseCsv } from '../../lib/csv';

/**
 * CSV import for admins. The first line is the header (names lower-cased); rows need email and password;
 * full_name falls back to name, then to the email; role defaults to user. Every row goes through the same
 * create rules as the Add User form (role limits, password policy, organisation and parent), and each row
 * that is not created is reported with the reason.
 */
export class AdminImportService {
  constructor(private readonly adminUsers: AdminUserService) {}

  async import(actor: AuthUser, csv: string): Promise<AdminImportResult> {
    const records = await parseOrThrow(csv);
    const [header, ...rows] = records;
    if (!header) throw AppError.badRequest('The CSV text is empty.');
    if (rows.length > ADMIN_IMPORT_MAX_ROWS) {
      throw AppError.badRequest(`A CSV import may have at most ${ADMIN_IMPORT_MAX_ROWS} rows.`);
    }
    const columns = header.fields.map((name) => name.trim().toLowerCase());
    if (!columns.includes('email') || !columns.includes('password')) {
      throw AppError.badRequest('The header must name the columns email and password.');
    }

    const seen = new Set<string>();
    const prepared = rows.map((record) => {
      // Passwords are taken as written: surrounding spaces may be part of them.
      const value = (name: string, raw = false) => {
        const field = columns.includes(name) ? (record.fields[columns.indexOf(name)] ?? '') : '';
        return raw ? field : field.trim();
      };
      return prepareRow(record.line, value, seen);
    });
    // Hashing dominates; a few rows at a time keeps a large file quick without starving other requests.
    // Emails are unique among the prepared rows, so parallel creates never race on the same address.
    const results: AdminImportRowResult[] = new Array<AdminImportRowResult>(prepared.length);
    for (let start = 0; start < prepared.length; start += CONCURRENCY) {
      const batch = prepared.slice(start, start + CONCURRENCY);
      const settled = await Promise.all(batch.map((item) => ('status' in item ? item : this.create(actor, item))));
      settled.forEach((result, offset) => (results[start + offset] = result));
    }
    return { created: results.filter((result) => result.status === 'created').length, results };
  }

  private async create(actor: AuthUser, { row, body }: ValidRow): Promise<AdminImportRowResult> {
    try {
      await this.adminUsers.create(actor, body);
      return { row, email: body.email, status: 'created', reason: null };
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        return { row, email: body.email, status: 'failed', reason: describe(error) };
      }
      throw error;
    }
  }
}

const CONCURRENCY = 4;

interface ValidRow {
  row: number;
  body: AdminCreateUserBody & { email: string; password: string };
}

/** Checks a row without touching the database: a ready-to-create row, or the reason it is skipped. */
function prepareRow(
  row: number,
  value: (name: string, raw?: boolean) => string,
  seen: Set<string>,
): ValidRow | AdminImportRowResult {
  const rawEmail = value('email');
  const password = value('password', true);
  const skipped = (reason: string, email: string | null = rawEmail || null) =>
    ({ row, email, status: 'skipped', reason }) as const;
  if (!rawEmail || !password) return skipped('Email and password are required.');
  const role = AssignableRole.safeParse((value('role') || 'user').toLowerCase());
  if (!role.success) return skipped(`Unknown role "${value('role')}".`);
  const body = AdminCreateUserBody.safeParse({
    email: rawEmail,
    password,
    full_name: value('full_name') || value('name') || rawEmail,
    role: role.data,
  });
  if (!body.success) return skipped(body.error.issues[0]?.message ?? 'Invalid row.');
  const email = body.data.email;
  if (seen.has(email)) return skipped('This email appears earlier in the file.', email);
  seen.add(email);
  return { row, body: body.data };
}

async function parseOrThrow(csv: string) {
  try {
    return await parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvError) throw AppError.badRequest(error.message, { row: error.line });
    throw error;
  }
}

function describe(error: AppError): string {
  if (error.code === 'weak_password') {
    const reasons = (error.details as { reasons?: string[] } | undefined)?.reasons ?? [];
    return `Password is too weak (${reasons.join(', ').replaceAll('_', ' ')}).`;
  }
  return error.message;
}
