import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Attribute, Change, Client } from 'ldapts';

const run = promisify(execFile);

export const LDAP_SUFFIX = 'dc=hearth,dc=test';
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ADMIN_PASSWORD = 'slapd-admin-secret';
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_SUFFIX}`;

export interface LdapPerson {
  uid: string;
  password: string;
  mail: string;
  cn: string;
}

export interface Slapd {
  url: string;
  /** Adds or removes a person from a group (groupOfNames, `member` = the person's DN). */
  setMembership(group: string, uid: string, member: boolean): Promise<void>;
  close(): Promise<void>;
}

export const slapdBinary = ['/usr/sbin/slapd', '/usr/local/sbin/slapd'].find((file) => existsSync(file));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const personDn = (uid: string) => `uid=${uid},${LDAP_PEOPLE}`;

function ldif(people: LdapPerson[], groups: Record<string, string[]>): string {
  const entries = [
    `dn: ${LDAP_SUFFIX}\nobjectClass: top\nobjectClass: dcObject\nobjectClass: organization\no: Hearth test\ndc: hearth`,
    `dn: ${LDAP_PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${LDAP_GROUPS}\nobjectClass: organizationalUnit\nou: groups`,
    ...people.map(
      (person) =>
        `dn: ${personDn(person.uid)}\nobjectClass: inetOrgPerson\nuid: ${person.uid}\ncn: ${person.cn}\n` +
        `sn: ${person.cn}\nmail: ${person.mail}\nuserPassword: ${person.password}`,
    ),
    ...Object.entries(groups).map(
      ([name, members]) =>
        // groupOfNames needs at least one member: the admin entry stands in for an empty group.
        `dn: cn=${name},${LDAP_GROUPS}\nobjectClass: groupOfNames\ncn: ${name}\n` +
        [LDAP_ADMIN_DN, ...members.map(personDn)].map((dn) => `member: ${dn}`).join('\n'),
    ),
  ];
  return `${entries.join('\n\n')}\n`;
}

/**
 * Debian's slapd on a free loopback port, with a throwaway configuration (slapd.conf, mdb backend) and data
 * loaded with slapadd before it starts. Killed and removed by close().
 */
export async function startSlapd(people: LdapPerson[], groups: Record<string, string[]>): Promise<Slapd> {
  if (!slapdBinary) throw new Error('slapd is not installed (apt-get install slapd ldap-utils)');
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-slapd-'));
  mkdirSync(path.join(dir, 'db'));
  const conf = path.join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((name) => `include /etc/ldap/schema/${name}.schema`),
      `pidfile ${dir}/slapd.pid`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      'maxsize 10485760',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN_DN}"`,
      `rootpw ${LDAP_ADMIN_PASSWORD}`,
      `directory ${dir}/db`,
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const data = path.join(dir, 'data.ldif');
  writeFileSync(data, ldif(people, groups));
  await run(slapdBinary, ['-T', 'add', '-f', conf, '-l', data]);
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d 0 keeps slapd in the foreground (a child we can kill) without debug output.
  const child: ChildProcess = spawn(slapdBinary, ['-f', conf, '-h', `${url}/`, '-d', '0'], { stdio: 'ignore' });
  await waitForPort(port, child);
  return {
    url,
    async setMembership(group, uid, member) {
      const client = new Client({ url });
      try {
        await client.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
        const modification = new Attribute({ type: 'member', values: [personDn(uid)] });
        await client.modify(
          `cn=${group},${LDAP_GROUPS}`,
          new Change({ operation: member ? 'add' : 'delete', modification }),
        );
      } finally {
        await client.unbind();
      }
    },
    async close() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.end() && true));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('slapd did not start listening in 10 s');
}
