import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

const renderMarkdown = (text: string) => render(<Markdown text={text} />).container;

describe('Markdown', () => {
  afterEach(cleanup);

  it('renders GFM: tables, strikethrough, task lists', () => {
    const root = renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~\n\n- [x] done');
    expect(root.querySelector('table td')?.textContent).toBe('1');
    expect(root.querySelector('del')?.textContent).toBe('gone');
    expect(root.querySelector('input[type="checkbox"]')).not.toBeNull();
  });

  it('never puts a script element from the model into the DOM', () => {
    const root = renderMarkdown('Hello <script>window.pwned = 1</script> there\n\n<script>alert(1)</script>');
    expect(root.querySelector('script')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    // Shown as the characters the model wrote, not dropped silently.
    expect(root.textContent).toContain('<script>alert(1)</script>');
  });

  it('drops event-handler attributes and raw HTML elements', () => {
    const root = renderMarkdown('<img src="x" onerror="window.hit = 1"> and <b onclick="x()">bold</b>');
    expect(root.querySelector('[onerror]')).toBeNull();
    expect(root.querySelector('[onclick]')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    const attributes = [...root.querySelectorAll('*')].flatMap((element) => element.getAttributeNames());
    expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
  });

  it('drops javascript: links and opens safe links in a new tab without referrer', () => {
    const root = renderMarkdown('[bad](javascript:alert(1)) and [good](https://example.org/page)');
    const links = [...root.querySelectorAll('a')];
    expect(links.some((link) => /javascript:/i.test(link.getAttribute('href') ?? ''))).toBe(false);
    const good = links.find((link) => link.textContent === 'good');
    expect(good?.getAttribute('href')).toBe('https://example.org/page');
    expect(good?.getAttribute('target')).toBe('_blank');
    expect(good?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('does not request an external image until the user asks', () => {
    const root = renderMarkdown('![cat](https://images.example.net/cat.png)');
    expect(root.querySelector('img')).toBeNull();
    const button = screen.getByRole('button', { name: 'Load image from images.example.net' });
    fireEvent.click(button);
    const img = root.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://images.example.net/cat.png');
    expect(img?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('shows same-origin images directly', () => {
    const root = renderMarkdown('![chart](/api/chat/attachments/1/content)');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/api/chat/attachments/1/content');
  });

  it('renders math with KaTeX and highlights fenced code', () => {
    const root = renderMarkdown('Inline $E=mc^2$\n\n$$\n\\int_0^1 x\\,dx\n$$\n\n```js\nconst a = 1;\n```');
    expect(root.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(2);
    expect(root.querySelector('code.hljs .hljs-keyword')?.textContent).toBe('const');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
  });
});
