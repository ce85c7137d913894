import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACTION_LIMITS, extractDocument } from './extract-document';
import { ExtractionError } from './extract-text';
import { ExtractionPool } from './extraction-pool';
import { docxOfParagraphs } from './test-fixtures';

const text = (value: string) => Buffer.from(value, 'utf8');

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

/** A plain file reads in this pool; after a failure that means in the worker that replaced the one that ended. */
async function stillWorks(pool: ExtractionPool) {
  expect((await pool.extract(text('after the failure'), 'ok.txt', DEFAULT_EXTRACTION_LIMITS)).text).toBe(
    'after the failure',
  );
}

describe('extraction pool', () => {
  it('stops a file at the hard deadline, even in synchronous parsing, and reads the next file', async () => {
    const pool = new ExtractionPool({ size: 1 });
    try {
      await stillWorks(pool); // the worker is started and warm, so the deadline below measures parsing alone
      // mammoth parses this Word file synchronously for many seconds; only terminating the thread stops it.
      const slow = docxOfParagraphs(120_000);
      const started = Date.now();
      const error = await failure(pool.extract(slow, 'slow.docx', { ...DEFAULT_EXTRACTION_LIMITS, timeoutMs: 1_000 }));
      expect(error.code).toBe('timeout');
      expect(error.message).toBe('Extraction took longer than 1 s.');
      expect(Date.now() - started).toBeLessThan(4_000);
      await stillWorks(pool);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('ends a file that exhausts the worker heap with a clear error and keeps working', async () => {
    const pool = new ExtractionPool({
      size: 1,
      resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    try {
      const objects = Buffer.from(JSON.stringify(Array.from({ length: 600_000 }, (_, index) => ({ n: index }))));
      const error = await failure(pool.extract(objects, 'many.json', DEFAULT_EXTRACTION_LIMITS));
      expect(error.message).toBe('The file needed more memory to read than allowed.');
      expect(error.code).toBe('too_large');
      await stillWorks(pool);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('ends a file whose worker throws asynchronously or exits, and replaces the worker', async () => {
    const pool = new ExtractionPool({ size: 1, script: new URL('./pool-test-worker.ts', import.meta.url) });
    try {
      for (const name of ['throws-later.txt', 'exits.txt']) {
        const error = await failure(pool.extract(text('x'), name, DEFAULT_EXTRACTION_LIMITS));
        expect(error.message, name).toBe('The file crashed the extractor.');
      }
      expect((await pool.extract(text('x'), 'fine.txt', DEFAULT_EXTRACTION_LIMITS)).text).toBe('read fine.txt');
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('queues files beyond its size and reads them all', async () => {
    const pool = new ExtractionPool({ size: 1 });
    try {
      const names = ['a', 'b', 'c', 'd'];
      const read = await Promise.all(
        names.map((name) => pool.extract(text(`file ${name}`), `${name}.txt`, DEFAULT_EXTRACTION_LIMITS)),
      );
      expect(read.map((document) => document.text)).toEqual(names.map((name) => `file ${name}`));
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('fails waiting files when its worker cannot start, instead of restarting it forever', async () => {
    const pool = new ExtractionPool({ size: 1, script: new URL('./no-such-worker.js', import.meta.url) });
    const error = await failure(pool.extract(text('x'), 'a.txt', DEFAULT_EXTRACTION_LIMITS));
    expect(error.message).toMatch(/^The extractor could not start/);
    await pool.close();
  });

  it('ends running and waiting files when closed, at once', async () => {
    const pool = new ExtractionPool({ size: 1 });
    await stillWorks(pool);
    const running = failure(pool.extract(docxOfParagraphs(120_000), 'slow.docx', DEFAULT_EXTRACTION_LIMITS));
    const waiting = failure(pool.extract(text('later'), 'later.txt', DEFAULT_EXTRACTION_LIMITS));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await pool.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await running).message).toBe('Extraction stopped: the server is shutting down.');
    expect((await waiting).message).toBe('Extraction stopped: the server is shutting down.');
  }, 60_000);

  it('keeps the main thread responsive while a heavy file is read', async () => {
    const heavy = docxOfParagraphs(20_000); // seconds of synchronous parsing, were it done on this thread
    let last = Date.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      longestGap = Math.max(longestGap, Date.now() - last);
      last = Date.now();
    }, 10);
    try {
      const document = await extractDocument(heavy, 'long.docx');
      expect(document.text).toContain('Hearth keeps documents.');
    } finally {
      clearInterval(ticker);
    }
    // Parsing this file on this thread would stall it for seconds; the margin above a tick is for a busy machine.
    expect(longestGap).toBeLessThan(500);
  }, 60_000);

  it('never keeps a process alive once its files are read (idle workers are unreferenced)', () => {
    const module = fileURLToPath(new URL('./extract-document.ts', import.meta.url));
    const script = `const { extractDocument } = await import(${JSON.stringify(module)});
      const document = await extractDocument(Buffer.from('from a script'), 'a.txt');
      console.log(document.text);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('from a script');
    expect(run.status).toBe(0);
  }, 60_000);
});
