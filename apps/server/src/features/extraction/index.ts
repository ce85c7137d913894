/** The extraction feature's public surface: what other features may use (ARCHITECTURE.md). */
export {
  DEFAULT_EXTRACTION_LIMITS,
  extensionOf,
  extractDocument,
  type ExtractedSection,
  type ExtractionLimits,
} from './extract-document';
export { ExtractionError, NO_CONTENT_MESSAGE } from './extract-text';
export { imageKind, isOle2, isPdf, isWordDocument, type ImageKind } from './sniff';
export { createXmlReader, localName } from './xml-text';
