const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

// Interpolations ({{name}}), nestings ($t(key)) and Trans tags (<0>, </1>, <br/>) stay as they are.
const PROTECTED = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+\/?>|<\/?[a-z]+\s*\/?>)/;

function pseudoString(text: string): string {
  const body = text
    .split(PROTECTED)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter)))
    .join('');
  // Right-to-left marks around the text make neutral punctuation take the right-to-left direction.
  return `\u200F[${body}]\u200F`;
}

// Arabic plural rules ask for more forms than English has: each comes from English's "_other".
const EXTRA_PLURALS = ['_zero', '_two', '_few', '_many'];

/** The right-to-left pseudo-locale for one namespace: English with accented letters, brackets and RTL marks. */
export function pseudoLocalize(value: unknown): unknown {
  if (typeof value === 'string') return pseudoString(value);
  if (Array.isArray(value)) return value.map(pseudoLocalize);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    out[key] = pseudoLocalize(entry);
    if (!key.endsWith('_other')) continue;
    const base = key.slice(0, -'_other'.length);
    for (const suffix of EXTRA_PLURALS) if (!(base + suffix in value)) out[base + suffix] = out[key];
  }
  return out;
}
