/**
 * Legacy Word (.doc) is a binary format without a maintained parser on npm; its text is stored as runs of 8-bit
 * or UTF-16 characters, so the longest readable runs are taken. Best effort, never invented.
 */
import { isOle2, mismatch } from '../sniff';
import { type Extractor, section } from '../types';

function readableRuns(data: Buffer): string {
  const runs = (text: string) =>
    (text.match(/[\p{L}\p{N}\p{P}\p{Zs}\t\n\r]{12,}/gu) ?? []).filter((run) => /\s/.test(run));
  const narrow = runs(data.toString('latin1'));
  const wide = runs(data.toString('utf16le'));
  const pick = wide.join('').length > narrow.join('').length ? wide : narrow;
  return pick.join('\n');
}

export const extractDoc: Extractor = async (data, { extension }) => {
  if (!(await isOle2(data))) throw mismatch(extension, 'a Word 97-2003 document is an OLE2 file');
  return { sections: [section(readableRuns(data))] };
};
