import { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * GitHub's sanitising rules (no raw HTML, no event handlers, only http(s)/mailto links, no javascript:), plus
 * the classes remark-math puts on math code, so KaTeX (run after sanitising) can find the formulas.
 */
export const markdownSanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./, 'math-inline', 'math-display']],
  },
};

/** Same-origin paths and inline data images load by themselves; anything else waits for a click. */
export function isExternalUrl(src: string, origin: string = window.location.origin): boolean {
  if (src.startsWith('data:image/')) return false;
  try {
    return new URL(src, origin).origin !== origin;
  } catch {
    return true;
  }
}

export function hostOf(src: string): string {
  try {
    return new URL(src).host;
  } catch {
    return src;
  }
}
