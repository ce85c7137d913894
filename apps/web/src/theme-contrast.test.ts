import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The theme's colour pairs meet WCAG AA (4.5:1 for normal text) in both themes: button labels at rest and on
 * hover, the user's message bubble, and code-highlight colours on the code block background.
 */
const css = readFileSync(path.resolve(__dirname, 'index.css'), 'utf8');

type Oklch = [number, number, number];

function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  return css.slice(start, css.indexOf('}', start));
}

function parse(value: string): Oklch {
  const match = /oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)/.exec(value);
  if (!match) throw new Error(`not an oklch colour: ${value}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function variable(theme: ':root' | '.dark', name: string): Oklch {
  const match = new RegExp(`--${name}: ([^;]+);`).exec(block(theme));
  if (!match?.[1]) throw new Error(`--${name} missing in ${theme}`);
  return parse(match[1]);
}

function hljs(theme: ':root' | '.dark', token: string): Oklch {
  const prefix = theme === '.dark' ? '.dark ' : '';
  const rules = [...css.matchAll(/((?:\s*\.[\w .-]+,?)+)\{\s*color: (oklch\([^)]+\));/g)];
  for (const [, selectors, colour] of rules) {
    const list = (selectors ?? '').split(',').map((item) => item.trim());
    if (list.includes(`${prefix}.hljs-${token}`) && colour) return parse(colour);
  }
  throw new Error(`no colour for ${prefix}.hljs-${token}`);
}

/** OKLCH → linear sRGB (clamped), the luminance WCAG uses. */
function luminance([l, c, h]: Oklch): number {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const lp = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mp = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const sp = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const r = clamp(4.0767416621 * lp - 3.3077115913 * mp + 0.2309699292 * sp);
  const g = clamp(-1.2684380046 * lp + 2.6097574011 * mp - 0.3413193965 * sp);
  const bl = clamp(-0.0041960863 * lp - 0.7034186147 * mp + 1.707614701 * sp);
  return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
}

function contrast(first: Oklch, second: Oklch): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.each([':root', '.dark'] as const)('theme %s contrast', (theme) => {
  it('button labels at rest and on hover (the message bubble is primary too)', () => {
    const label = variable(theme, 'primary-foreground');
    expect(contrast(variable(theme, 'primary'), label)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(variable(theme, 'primary-hover'), label)).toBeGreaterThanOrEqual(4.5);
    const danger = variable(theme, 'destructive-foreground');
    expect(contrast(variable(theme, 'destructive'), danger)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(variable(theme, 'destructive-hover'), danger)).toBeGreaterThanOrEqual(4.5);
  });

  it('error text (text-destructive) on the page and on cards', () => {
    expect(contrast(variable(theme, 'destructive'), variable(theme, 'background'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(variable(theme, 'destructive'), variable(theme, 'card'))).toBeGreaterThanOrEqual(4.5);
  });

  it('body and muted text on their backgrounds', () => {
    expect(contrast(variable(theme, 'foreground'), variable(theme, 'background'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(variable(theme, 'muted-foreground'), variable(theme, 'muted'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(variable(theme, 'muted-foreground'), variable(theme, 'background'))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['keyword', 'string', 'number', 'title'])('code highlight: %s on the code background', (token) => {
    expect(contrast(hljs(theme, token), variable(theme, 'muted'))).toBeGreaterThanOrEqual(4.5);
  });
});
