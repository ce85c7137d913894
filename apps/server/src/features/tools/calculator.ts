/**
 * The calculator tool's arithmetic: numbers, + - * / % ^, parentheses, a few functions and constants. A small
 * recursive-descent parser: no eval, no variables, bounded input.
 */
const FUNCTIONS: Record<string, (value: number) => number> = {
  sqrt: Math.sqrt,
  abs: Math.abs,
  round: Math.round,
  floor: Math.floor,
  ceil: Math.ceil,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  ln: Math.log,
  log: Math.log10,
  exp: Math.exp,
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };
const MAX_EXPRESSION = 500;

export class CalculationError extends Error {}

export function calculate(expression: string): number {
  if (expression.length > MAX_EXPRESSION) throw new CalculationError('The expression is too long.');
  const tokens = expression.match(/\d+(?:\.\d+)?(?:e[+-]?\d+)?|\.\d+|[a-z]+|\*\*|[-+*/%^(),]|\S/gi) ?? [];
  let position = 0;
  const peek = () => tokens[position];
  const take = (expected?: string) => {
    const token = tokens[position];
    if (expected !== undefined && token !== expected) {
      throw new CalculationError(token === undefined ? `Expected "${expected}".` : `Unexpected "${token}".`);
    }
    position += 1;
    return token;
  };

  const sum = (): number => {
    let value = product();
    while (peek() === '+' || peek() === '-') value = take() === '+' ? value + product() : value - product();
    return value;
  };
  const product = (): number => {
    let value = unary();
    while (peek() === '*' || peek() === '/' || peek() === '%') {
      const operator = take();
      const right = unary();
      value = operator === '*' ? value * right : operator === '/' ? value / right : value % right;
    }
    return value;
  };
  const unary = (): number => {
    if (peek() === '-') {
      take();
      return -unary();
    }
    if (peek() === '+') take();
    return power();
  };
  const power = (): number => {
    const base = atom();
    if (peek() === '^' || peek() === '**') {
      take();
      return base ** unary();
    }
    return base;
  };
  const atom = (): number => {
    const token = take();
    if (token === undefined) throw new CalculationError('The expression ended too early.');
    if (token === '(') {
      const value = sum();
      take(')');
      return value;
    }
    if (/^(\d|\.\d)/.test(token)) return Number(token);
    const name = token.toLowerCase();
    const constant = CONSTANTS[name];
    if (constant !== undefined) return constant;
    const fn = FUNCTIONS[name];
    if (fn) {
      take('(');
      const value = sum();
      take(')');
      return fn(value);
    }
    throw new CalculationError(`Unknown "${token}".`);
  };

  const value = sum();
  if (position < tokens.length) throw new CalculationError(`Unexpected "${tokens[position]}".`);
  if (!Number.isFinite(value)) throw new CalculationError('The result is not a finite number.');
  return value;
}
