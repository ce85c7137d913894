import { randomUUID } from 'node:crypto';
import type { Role } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import { type DbHandle, type HttpClient, kyselyOf, type TestServer } from './test-server';

export interface Cookie {
  value: string;
  /** Lower-cased attribute names and values, e.g. `httponly`, `samesite=lax`. */
  attributes: string[];
}

/** The cookies a response sets, by name. */
export function cookiesFrom(headers: Headers): Record<string, Cookie> {
  const cookies: Record<string, Cookie> = {};
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    cookies[pair.slice(0, equals)] = {
      value: decodeURIComponent(pair.slice(equals + 1)),
      attributes: attributes.map((attribute) => attribute.toLowerCase()),
    };
  }
  return cookies;
}

/** A `cookie` request header made of the given cookies. */
export const cookieHeader = (cookies: Record<string, Cookie>): string =>
  Object.entries(cookies)
    .map(([name, cookie]) => `${name}=${encodeURIComponent(cookie.value)}`)
    .join('; ');

/** Changes a role through the admin API, as the given (super) admin. */
export async function assignRole(
  server: HttpClient,
  actorToken: string,
  userId: string,
  role: 'user' | 'moderator' | 'admin',
) {
  const response = await server.request(`/api/admin/users/${userId}/role`, {
    method: 'PATCH',
    token: actorToken,
    body: { role },
  });
  if (response.status !== 200)
    throw new Error(`role change failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** Test setup only: roles the API never hands out (a second super admin) go straight into the database. */
export async function setRoleInDb(server: TestServer, userId: string, role: Role): Promise<void> {
  await server.app.db.kysely.updateTable('user_roles').set({ role }).where('user_id', '=', userId).execute();
}

/** Test setup only: there is no API for organisations yet, so one is made in the database. */
export async function moveToNewOrganization(db: DbHandle, userId: string, name = 'Elsewhere'): Promise<string> {
  const id = randomUUID();
  const kysely = kyselyOf(db);
  await kysely.insertInto('organizations').values({ id, name, created_at: new Date().toISOString() }).execute();
  await kysely.updateTable('user_roles').set({ organization_id: id }).where('user_id', '=', userId).execute();
  return id;
}

/**
 * Every route the running server answers, as 'METHOD /path' (HEAD, which Fastify adds for each GET, left
 * out). Read from Fastify's own route tree, so a route registered anywhere shows up here.
 */
export function listRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const methods = (match[3] ?? '').split(', ').filter((method) => method && method !== 'HEAD');
    for (const method of methods) routes.push(`${method} ${stack.join('')}`);
  }
  return routes.sort();
}
