import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, StandardFonts, rgb } from 'pdf-lib';
import type { ConversationExport } from '@hearth/contract';

/**
 * Fonts tried in order: a Unicode TTF keeps non-Latin text (Greek, Cyrillic, accents, many symbols). The
 * Docker image installs fonts-dejavu-core; without any of these a standard PDF font is used and characters
 * it cannot encode become "?".
 */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
];

let fontBytes: Promise<Uint8Array | null> | undefined;

async function findFont(files: readonly string[]): Promise<Uint8Array | null> {
  for (const file of files) {
    try {
      return new Uint8Array(await readFile(file));
    } catch {
      // Not installed here: try the next one.
    }
  }
  return null;
}

interface Writer {
  font: PDFFont;
  /** Characters this font can draw; null when it is a full Unicode font. */
  charset: Set<number> | null;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const SIZE = { title: 16, label: 9, body: 10.5 };
const LINE = 1.4;

/** Tabs as spaces, control characters removed; with a standard font, what it cannot encode becomes "?". */
function clean(text: string, writer: Writer): string {
  const plain = text.replace(/\t/g, '    ').replace(/[\p{Cc}\p{Cf}]/gu, '');
  if (!writer.charset) return plain;
  const charset = writer.charset;
  return Array.from(plain, (char) => (charset.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}

/**
 * Widths of single characters, measured once each: laying out a long text through the font for every candidate
 * line is quadratic (a 20,000-character word took minutes); summing cached widths is linear. Kerning is ignored.
 */
function measurer(font: PDFFont, size: number) {
  const cache = new Map<string, number>();
  return (text: string) => {
    let total = 0;
    for (const char of text) {
      let width = cache.get(char);
      if (width === undefined) {
        width = font.widthOfTextAtSize(char, size);
        cache.set(char, width);
      }
      total += width;
    }
    return total;
  };
}

/** Splits a paragraph into lines that fit the width, breaking long words where they must. */
function wrap(text: string, measure: (text: string) => number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const push = () => {
    if (line.trim()) lines.push(line.trimEnd());
    line = '';
    used = 0;
  };
  for (const token of text.split(/(\s+)/)) {
    const tokenWidth = measure(token);
    if (used + tokenWidth <= width) {
      line += token;
      used += tokenWidth;
      continue;
    }
    push();
    const word = token.trimStart();
    if (measure(word) <= width) {
      line = word;
      used = measure(word);
      continue;
    }
    // A word wider than the page: cut it character by character.
    for (const char of word) {
      const charWidth = measure(char);
      if (used + charWidth > width && line) push();
      line += char;
      used += charWidth;
    }
  }
  if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}

/** The conversation as a simple A4 document: title, then each message with who wrote it and when. */
export async function conversationPdf(
  data: ConversationExport,
  /** Where to look for a Unicode font (tests pass none to check the fallback). */
  fonts: readonly string[] = FONT_FILES,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(data.conversation.title);
  pdf.setCreator('Hearth');
  const ttf = await (fonts === FONT_FILES ? (fontBytes ??= findFont(fonts)) : findFont(fonts));
  let writer: Writer;
  if (ttf) {
    pdf.registerFontkit(fontkit);
    writer = { font: await pdf.embedFont(ttf, { subset: true }), charset: null };
  } else {
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    writer = { font, charset: new Set(font.getCharacterSet()) };
  }
  const width = PAGE.width - 2 * PAGE.margin;
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const measures = new Map<number, (text: string) => number>();
  const draw = (text: string, size: number, grey = false) => {
    let measure = measures.get(size);
    if (!measure) {
      measure = measurer(writer.font, size);
      measures.set(size, measure);
    }
    for (const paragraph of clean(text, writer).split('\n')) {
      for (const line of wrap(paragraph, measure, width)) {
        if (y - size * LINE < PAGE.margin) {
          page = pdf.addPage([PAGE.width, PAGE.height]);
          y = PAGE.height - PAGE.margin;
        }
        y -= size * LINE;
        page.drawText(line, {
          x: PAGE.margin,
          y,
          size,
          font: writer.font,
          color: grey ? rgb(0.4, 0.4, 0.4) : rgb(0, 0, 0),
        });
      }
    }
  };
  draw(data.conversation.title, SIZE.title);
  draw(`Exported ${data.exported_at}`, SIZE.label, true);
  for (const message of data.messages) {
    y -= SIZE.body;
    const who =
      message.type === 'user' ? 'You' : message.type === 'assistant' ? (message.model ?? 'Assistant') : 'System';
    draw(`${who} · ${message.created_at}`, SIZE.label, true);
    draw(message.content, SIZE.body);
    if (message.sources.length > 0) {
      draw(`Sources: ${message.sources.map((source) => source.fileName).join(', ')}`, SIZE.label, true);
    }
  }
  return pdf.save();
}
