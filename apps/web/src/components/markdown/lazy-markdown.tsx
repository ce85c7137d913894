import { lazy, Suspense } from 'react';

// The Markdown stack (parser, KaTeX, highlight.js) is most of the app's weight: load it with the first answer.
const Markdown = lazy(() => import('./markdown').then((module) => ({ default: module.Markdown })));

/** Model output as Markdown; plain text shows for the moment the renderer takes to load. */
export function LazyMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <Suspense fallback={<p className="text-sm break-words whitespace-pre-wrap">{text}</p>}>
      <Markdown text={text} className={className} />
    </Suspense>
  );
}
