/** Spec §4: simple greetings skip conversation and document context. */
const GREETINGS = ['hi', 'hello', 'hey', 'good morning', 'good afternoon', 'good evening'];

export function isSimpleGreeting(text: string): boolean {
  const normalised = text
    .trim()
    .toLowerCase()
    .replace(/[\s!.,?~]+$/u, '')
    .replace(/\s+/g, ' ');
  return GREETINGS.includes(normalised);
}
