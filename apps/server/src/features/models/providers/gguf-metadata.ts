import { open } from 'node:fs/promises';

/**
 * Reads the key/value header of a GGUF file without loading llama.cpp: listing models must stay cheap and an
 * idle server must not pull the native runtime into memory. Large arrays (the tokenizer's vocabulary) are
 * skipped, only scalars and short arrays are kept.
 */
export type GgufValue = string | number | bigint | boolean | GgufValue[];

const CHUNK = 1 << 20;
const KEEP_ARRAY_MAX = 64;

class Reader {
  private buffer = Buffer.alloc(0);
  private offset = 0;
  private position = 0;

  constructor(private readonly file: Awaited<ReturnType<typeof open>>) {}

  private async need(bytes: number): Promise<void> {
    if (this.buffer.length - this.offset >= bytes) return;
    const rest = this.buffer.subarray(this.offset);
    const chunk = Buffer.alloc(Math.max(CHUNK, bytes));
    const { bytesRead } = await this.file.read(chunk, 0, chunk.length, this.position);
    this.position += bytesRead;
    this.buffer = Buffer.concat([rest, chunk.subarray(0, bytesRead)]);
    this.offset = 0;
    if (this.buffer.length < bytes) throw new Error('Unexpected end of GGUF header');
  }

  async take(bytes: number): Promise<Buffer> {
    await this.need(bytes);
    const slice = this.buffer.subarray(this.offset, this.offset + bytes);
    this.offset += bytes;
    return slice;
  }

  async u32() {
    return (await this.take(4)).readUInt32LE(0);
  }
  async u64() {
    return (await this.take(8)).readBigUInt64LE(0);
  }
  async string(): Promise<string> {
    const length = Number(await this.u64());
    if (length > 64 * CHUNK) throw new Error('GGUF string too long');
    return (await this.take(length)).toString('utf8');
  }
}

const SCALAR_SIZES: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

async function readScalar(reader: Reader, type: number): Promise<GgufValue> {
  if (type === 8) return reader.string();
  const size = SCALAR_SIZES[type];
  if (size === undefined) throw new Error(`Unknown GGUF value type ${type}`);
  const bytes = await reader.take(size);
  switch (type) {
    case 0:
      return bytes.readUInt8(0);
    case 1:
      return bytes.readInt8(0);
    case 2:
      return bytes.readUInt16LE(0);
    case 3:
      return bytes.readInt16LE(0);
    case 4:
      return bytes.readUInt32LE(0);
    case 5:
      return bytes.readInt32LE(0);
    case 6:
      return bytes.readFloatLE(0);
    case 7:
      return bytes.readUInt8(0) !== 0;
    case 10:
      return Number(bytes.readBigUInt64LE(0));
    case 11:
      return Number(bytes.readBigInt64LE(0));
    default:
      return bytes.readDoubleLE(0);
  }
}

async function readValue(reader: Reader, type: number): Promise<GgufValue> {
  if (type !== 9) return readScalar(reader, type);
  const itemType = await reader.u32();
  const count = Number(await reader.u64());
  const kept: GgufValue[] = [];
  for (let index = 0; index < count; index += 1) {
    const value = await readValue(reader, itemType);
    if (index < KEEP_ARRAY_MAX) kept.push(value);
  }
  return kept;
}

/** The header's metadata as a flat map of dotted keys ("general.architecture", "llama.context_length"). */
export async function readGgufMetadata(filePath: string): Promise<Map<string, GgufValue>> {
  const file = await open(filePath, 'r');
  try {
    const reader = new Reader(file);
    if ((await reader.take(4)).toString('latin1') !== 'GGUF') throw new Error('Not a GGUF file');
    const version = await reader.u32();
    if (version < 2) throw new Error(`GGUF version ${version} is not supported`);
    await reader.u64(); // tensor count
    const count = Number(await reader.u64());
    const metadata = new Map<string, GgufValue>();
    for (let index = 0; index < count; index += 1) {
      const key = await reader.string();
      const type = await reader.u32();
      metadata.set(key, await readValue(reader, type));
    }
    return metadata;
  } finally {
    await file.close();
  }
}

const FILE_TYPES: Record<number, string> = {
  0: 'F32',
  1: 'F16',
  2: 'Q4_0',
  3: 'Q4_1',
  7: 'Q8_0',
  8: 'Q5_0',
  9: 'Q5_1',
  10: 'Q2_K',
  11: 'Q3_K_S',
  12: 'Q3_K_M',
  13: 'Q3_K_L',
  14: 'Q4_K_S',
  15: 'Q4_K_M',
  16: 'Q5_K_S',
  17: 'Q5_K_M',
  18: 'Q6_K',
  19: 'IQ2_XXS',
  20: 'IQ2_XS',
  21: 'Q2_K_S',
  22: 'IQ3_XS',
  23: 'IQ3_XXS',
  24: 'IQ1_S',
  25: 'IQ4_NL',
  26: 'IQ3_S',
  27: 'IQ3_M',
  28: 'IQ2_S',
  29: 'IQ2_M',
  30: 'IQ4_XS',
  31: 'IQ1_M',
  32: 'BF16',
};

export interface GgufSummary {
  architecture: string | null;
  /** "0.5B" when the file says, else null. */
  sizeLabel: string | null;
  quantization: string | null;
  contextLength: number | null;
  hasChatTemplate: boolean;
  /** A vision projector (mmproj) file: not a model on its own. */
  isProjector: boolean;
  isEmbedding: boolean;
}

const EMBEDDING_ARCHITECTURES = /bert|nomic|jina|t5encoder/i;

export function summarizeGguf(metadata: Map<string, GgufValue>, fileName: string): GgufSummary {
  const text = (key: string) => {
    const value = metadata.get(key);
    return typeof value === 'string' ? value : null;
  };
  const architecture = text('general.architecture');
  const fileType = metadata.get('general.file_type');
  const context = architecture ? metadata.get(`${architecture}.context_length`) : undefined;
  return {
    architecture,
    sizeLabel: text('general.size_label'),
    quantization:
      (typeof fileType === 'number' ? FILE_TYPES[fileType] : undefined) ??
      /(?:^|[-_.])((?:I?Q\d(?:_[A-Z0-9]+)*)|F16|BF16|F32)(?:[-_.]|$)/i.exec(fileName)?.[1]?.toUpperCase() ??
      null,
    contextLength: typeof context === 'number' ? context : null,
    hasChatTemplate: typeof metadata.get('tokenizer.chat_template') === 'string',
    isProjector: architecture === 'clip' || text('general.type') === 'mmproj',
    isEmbedding:
      (architecture !== null && EMBEDDING_ARCHITECTURES.test(architecture)) ||
      (architecture !== null &&
        metadata.has(`${architecture}.pooling_type`) &&
        !metadata.has('tokenizer.chat_template')),
  };
}
