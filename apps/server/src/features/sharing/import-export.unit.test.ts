import type { ConversationExport } from '@hearth/contract';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { conversationPdf } from './conversation-pdf';
import { exportFileName, toMarkdown } from './export.service';
import { parseExport } from './import-parsers';

const data = (content: string): ConversationExport => ({
  format: 'hearth.conversation',
  version: 1,
  exported_at: '2026-11-28T00:00:00.000Z',
  conversation: {
    id: 'c',
    title: 'Notes',
    created_at: '2026-11-28T00:00:00.000Z',
    updated_at: '2026-11-28T00:00:00.000Z',
  },
  messages: [
    { type: 'user', content: 'Question', model: null, sources: [], created_at: '2026-11-28T00:00:01.000Z' },
    {
      type: 'assistant',
      content,
      model: 'llama3',
      created_at: '2026-11-28T00:00:02.000Z',
      sources: [{ id: 'd', fileName: 'guide.pdf', collectionName: 'Docs', snippet: 's' }],
    },
  ],
});

describe('conversation export', () => {
  it('writes Markdown with speakers and sources, and a safe file name', () => {
    const markdown = toMarkdown(data('**Answer**'));
    expect(markdown).toContain('# Notes');
    expect(markdown).toContain('## llama3');
    expect(markdown).toContain('- guide.pdf (Docs)');
    expect(exportFileName('Plans: 2026 / Q1?', 'md')).toBe('Plans-2026-Q1.md');
    expect(exportFileName('???', 'pdf')).toBe('conversation.pdf');
  });

  it('lays out a PDF with an unbroken 20,000-character word over several lines', async () => {
    const bytes = await conversationPdf(data(`Start ${'x'.repeat(20_000)} end`));
    const pdf = await getDocumentProxy(bytes);
    const page = await pdf.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
    expect(text).toContain('Question');
    expect(pdf.numPages).toBeGreaterThan(1);
  });
  it('falls back to a standard font without a Unicode one, replacing what it cannot encode', async () => {
    const bytes = await conversationPdf(data('Café Ελλάδα'), []);
    const pdf = await getDocumentProxy(bytes);
    const page = await pdf.getPage(1);
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('');
    expect(text).toContain('Café ??????');
  });
});

describe('import parsers', () => {
  it('reads a flat Open WebUI list as one chain and skips empty and system messages', () => {
    const parsed = parseExport([
      {
        title: 'Flat',
        chat: {
          messages: [
            { role: 'system', content: 'You are helpful' },
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: '' },
            { role: 'assistant', content: 'Hello' },
          ],
        },
      },
    ]);
    expect(parsed?.source).toBe('open-webui');
    const [chat] = parsed?.conversations ?? [];
    if (!chat?.ok) throw new Error('not parsed');
    expect(chat.messages.map((message) => [message.content, message.parentKey])).toEqual([
      ['Hi', null],
      ['Hello', 'm1'],
    ]);
    expect(chat.activeKey).toBe('m3');
  });

  it('refuses what is neither export', () => {
    expect(parseExport({ hello: 'world' })).toBeNull();
    expect(parseExport([])).toBeNull();
    expect(parseExport('text')).toBeNull();
  });
});
