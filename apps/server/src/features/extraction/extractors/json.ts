import { ExtractionError } from '../extract-text';
import { decodeText } from '../sniff';
import { type Extractor, section } from '../types';

/** JSON, pretty-printed. Deep nesting ends as a RangeError inside the engine; it becomes a clear error. */
export const extractJson: Extractor = (data, { extension }) => {
  const text = decodeText(data, extension).replace(/^\uFEFF/, '');
  let pretty: string;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch (error) {
    if (error instanceof RangeError) throw new ExtractionError('The JSON is nested too deeply to read.');
    throw new ExtractionError(
      `The file is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).`,
    );
  }
  return { sections: [section(pretty)], verbatim: true };
};
