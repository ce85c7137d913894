import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Attachment } from '@hearth/contract';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestServer, type TestServer, type TestUser, testDb } from '../../../test/test-server';
import { docxOfParagraphs } from '../extraction/test-fixtures';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function pdfWith(text: string | null): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  if (text) page.drawText(text, { x: 50, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

async function docxWith(heading: string, body: string): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: heading, heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ children: [new TextRun(body)], alignment: AlignmentType.LEFT }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

describe(`chat attachments (${testDb})`, () => {
  let server: TestServer;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ OLLAMA_BASE_URL: 'none', BUILTIN_RUNTIME: 'false' });
    owner = await createUser(server, 'files');
    stranger = await createUser(server, 'files-other');
  });
  afterAll(() => server.close());

  async function upload(token: string, name: string, data: Buffer | string) {
    const form = new FormData();
    form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
    const response = await fetch(`${server.url}/api/chat/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as Attachment & { code?: string; message?: string },
    };
  }

  const storedRow = (id: string) =>
    server.app.db.kysely.selectFrom('chat_attachments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('extracts the text of txt, pdf and docx files and keeps the original under {user_id}/{timestamp}_{name}', async () => {
    const cases: [string, Buffer | string, string, string][] = [
      ['notes.txt', 'Meeting notes:\n\n\n\nthe   budget is approved', 'text/plain', 'the budget is approved'],
      [
        'report.pdf',
        await pdfWith('Quarterly revenue grew twelve percent'),
        'application/pdf',
        'Quarterly revenue grew',
      ],
      [
        'Contract draft.docx',
        await docxWith('Termination', 'Either party may end this agreement with 30 days notice.'),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'Either party may end this agreement',
      ],
    ];
    for (const [name, data, mime, expected] of cases) {
      const response = await upload(owner.token, name, data);
      expect(response.status, name).toBe(201);
      expect(response.body).toMatchObject({ name, mime_type: mime, kind: 'document', has_text: true });
      const row = await storedRow(response.body.id);
      expect(row.extracted_text).toContain(expected);
      expect(row.extracted_text).not.toMatch(/\n{3,}| {2,}/);
      expect(row.blob_key).toMatch(new RegExp(`^${owner.id}/\\d{13,}_[A-Za-z0-9._-]+$`));
      expect(existsSync(path.join(server.dataDir, 'blobs', row.blob_key))).toBe(true);
    }
  });

  it('accepts images without text and serves raster images inline, SVG only as a download', async () => {
    const png = await upload(owner.token, 'photo.PNG', PNG);
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ kind: 'image', mime_type: 'image/png', has_text: false, size: PNG.length });
    const served = await fetch(`${server.url}/api/chat/attachments/${png.body.id}/content`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const svg = await upload(
      owner.token,
      'logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(svg.status).toBe(201);
    expect(svg.body.kind).toBe('image');
    const svgServed = await fetch(`${server.url}/api/chat/attachments/${svg.body.id}/content`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(svgServed.headers.get('content-type')).toBe('application/octet-stream');
    expect(svgServed.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('refuses other extensions and content that does not match its extension', async () => {
    for (const [name, data] of [
      ['tool.exe', 'MZ'],
      ['data.json', '{"a": 1}'],
      ['binary.md', Buffer.from([0x23, 0x00, 0x01])],
      ['noextension', 'text'],
      ['fake.png', 'this is not a png'],
      ['fake.pdf', PNG],
      ['fake.docx', 'PK but not really'],
      ['binary.txt', Buffer.from([0x00, 0x01, 0x02, 0x03])],
    ] as const) {
      const response = await upload(owner.token, name, data);
      expect(response.status, name).toBe(415);
      expect(response.body.code, name).toBe('unsupported_file');
    }
  });

  it('refuses files over 10 MB with their size in the message', async () => {
    const big = Buffer.alloc(10_485_761, 0x61);
    const response = await upload(owner.token, 'big.txt', big);
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
    expect(response.body.message).toBe('File size (10.00 MB) exceeds maximum allowed size (10MB)');
    const atLimit = await upload(owner.token, 'limit.txt', Buffer.alloc(10_485_760, 0x61));
    expect(atLimit.status).toBe(201);
  });

  it('says so when a document has no text', async () => {
    for (const [name, data] of [
      ['empty.txt', ' \n\n '],
      ['scan.pdf', await pdfWith(null)],
    ] as const) {
      const response = await upload(owner.token, name, data);
      expect(response.status, name).toBe(422);
      expect(response.body.code, name).toBe('extraction_failed');
    }
  });

  it('refuses a Word zip bomb with 422 and keeps answering (extraction runs in a worker, within limits)', async () => {
    // A few dozen kilobytes that inflate to 11 MB of markup: mammoth would build a DOM of gigabytes from it.
    const bomb = docxOfParagraphs(200_000);
    expect(bomb.length).toBeLessThan(1_000_000);
    const response = await upload(owner.token, 'bomb.docx', bomb);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('extraction_failed');
    expect(response.body.message).toMatch(/possible zip bomb/);
    expect((await server.request('/health')).status).toBe(200);
    expect((await upload(owner.token, 'after.txt', 'still here')).status).toBe(201);
  });

  it("never serves another user's file, and needs a signed-in caller and a file", async () => {
    const mine = await upload(owner.token, 'private.txt', 'secret plans');
    const theirs = await fetch(`${server.url}/api/chat/attachments/${mine.body.id}/content`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as { code: string }).code).toBe('not_found');
    expect((await upload('', 'a.txt', 'x')).status).toBe(401);
    const notMultipart = await server.request('/api/chat/attachments', { token: owner.token, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
  });
});
