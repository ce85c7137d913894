/**
 * XML through a streaming SAX parser (saxes): one pass whatever the input's shape (the regexes used before
 * were quadratic on an unclosed comment or tag), no recursion however deep the nesting, and a DOCTYPE's entity
 * definitions are never expanded: a reference to an entity the parser does not know reads as nothing, so
 * "billion laughs" is one empty reference, not a billion words.
 * This is the server's one XML entity decoder: xlsx, pptx, .xml/.svg files and sitemaps all read through it.
 */
import { SaxesParser } from 'saxes';

import { ExtractionError } from './extract-text';

/** Well-formedness errors tolerated before the input counts as broken. */
const MAX_ERRORS = 1_000;

/** The entities read: XML's five, and nbsp (HTML exported as XML uses it often). */
const KNOWN_ENTITIES = new Map(Object.entries({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }));
/** An XML Name (ASCII approximation); a reference to anything else stays as written, as saxes reports it. */
const ENTITY_NAME = /^[A-Za-z_:][\w.:-]*$/;

/**
 * The parser's entity table: the known ones, and '' for any other well-formed name, so an entity declared in
 * a DOCTYPE (or not at all) is dropped instead of expanded or reported once per reference.
 */
const ENTITY_TABLE = new Proxy<Record<string, string>>(
  {},
  {
    get: (_table, name) =>
      typeof name !== 'string' ? undefined : (KNOWN_ENTITIES.get(name) ?? (ENTITY_NAME.test(name) ? '' : undefined)),
  },
);
/** Input is fed in slices, so a handler's stop() takes effect without reading the rest. */
const SLICE = 64 * 1024;

export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  /** Character data (text and CDATA), entities decoded; one text node may arrive in several calls. */
  text?(text: string): void;
}

export interface XmlReader {
  /** Feeds more XML; ignored once stopped. */
  write(xml: string): void;
  /** Ends the input (tags left open get no close event). */
  end(): void;
  /** Stops reading: from a handler, nothing after the current event is parsed. */
  stop(): void;
  readonly stopped: boolean;
  /** True when reading stopped because the input had more errors than tolerated. */
  readonly broken: boolean;
  /** The first well-formedness problem, as "line L, column C: message". */
  readonly problem: string | null;
}

/** A name without its namespace prefix ("a:p" → "p"), for formats whose prefixes vary. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const STOPPED = Symbol('xml reading stopped');

export interface XmlOptions {
  /**
   * Deepest element nesting read; deeper counts as broken. Formats with a known shallow structure set it, so
   * a run of unclosed tags cannot pile up millions of open elements.
   */
  maxDepth?: number;
}

export function createXmlReader(
  handlers: XmlHandlers,
  { maxDepth = Number.POSITIVE_INFINITY }: XmlOptions = {},
): XmlReader {
  const parser = new SaxesParser({ position: true });
  parser.ENTITIES = ENTITY_TABLE;
  let stopped = false;
  let broken = false;
  let writing = false;
  let errors = 0;
  let problem: string | null = null;
  const stop = () => {
    stopped = true;
    if (writing) throw STOPPED;
  };
  // Cut short: a message can quote a name from the input, and it ends up in the error the user reads.
  const where = (message: string) =>
    `line ${parser.line}, column ${parser.column}: ${message.replace(/\.$/, '').slice(0, 120)}`;
  // Replaces saxes's error path, which builds an Error (with a stack) per problem: hostile input has one per
  // byte. The parser goes on after a problem exactly as it does with an error handler.
  parser.fail = (message: string) => {
    problem ??= where(message);
    if (++errors > MAX_ERRORS) {
      broken = true;
      stop();
    }
    return parser;
  };
  let depth = 0;
  parser.on('opentag', (tag) => {
    if (++depth > maxDepth) {
      problem = where(`elements nested more than ${maxDepth} deep`);
      broken = true;
      stop();
    }
    handlers.open?.(tag.name, tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    handlers.close?.(tag.name);
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const run = (step: () => void) => {
    if (stopped) return;
    writing = true;
    try {
      step();
    } catch (error) {
      if (error !== STOPPED) throw error;
    } finally {
      writing = false;
    }
  };
  return {
    write(xml) {
      for (let start = 0; start < xml.length && !stopped; start += SLICE)
        run(() => parser.write(xml.slice(start, start + SLICE)));
    },
    end: () => run(() => parser.close()),
    stop,
    get stopped() {
      return stopped;
    },
    get broken() {
      return broken;
    },
    get problem() {
      return problem;
    },
  };
}

/** Reads a whole XML string; returns the reader for its state (stopped, broken, problem). */
export function readXml(xml: string, handlers: XmlHandlers, options?: XmlOptions): XmlReader {
  const reader = createXmlReader(handlers, options);
  reader.write(xml);
  reader.end();
  return reader;
}

/** The clear error for XML with more problems than tolerated. */
export const malformed = (reader: XmlReader, what = 'The XML') =>
  new ExtractionError(`${what} is too malformed to read (${reader.problem ?? 'unknown problem'}).`);

/** The text nodes of an XML document, one element's text per line; stops once past `maxChars`. */
export function xmlTextNodes(xml: string, maxChars = Number.POSITIVE_INFINITY): string {
  const parts: string[] = [];
  let current = '';
  let chars = 0;
  const flush = () => {
    const text = current.trim();
    current = '';
    if (!text) return;
    parts.push(text);
    chars += text.length + 1;
    if (chars > maxChars) reader.stop();
  };
  const reader = createXmlReader({
    open: flush,
    close: flush,
    text: (text) => {
      current += text;
      if (current.length > maxChars) flush();
    },
  });
  reader.write(xml);
  reader.end();
  flush();
  if (reader.broken) throw malformed(reader);
  return parts.join('\n');
}
