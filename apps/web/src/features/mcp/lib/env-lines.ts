/** `NAME=value` lines → an environment; null when a line is not of that form. Blank lines are skipped. */
export function parseEnv(text: string): Record<string, string> | null {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    const name = line.slice(0, at).trim();
    if (at <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return null;
    env[name] = line.slice(at + 1);
  }
  return env;
}
