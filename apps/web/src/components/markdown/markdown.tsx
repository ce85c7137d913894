import 'katex/dist/katex.min.css';
import { memo, type ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { cn } from '../../lib/cn';
import { CodeBlock } from './code-block';
import { ExternalImage } from './external-image';
import { remarkHtmlAsText } from './remark-html-as-text';
import { isExternalUrl, markdownSanitizeSchema } from './sanitize-schema';

// Sanitise the parsed tree first, then let the trusted plugins (KaTeX, highlighting) add their markup.
const rehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [
  [rehypeSanitize, markdownSanitizeSchema],
  [rehypeKatex, { throwOnError: false, trust: false, strict: 'ignore' }],
  [rehypeHighlight, { detect: false }],
];
const remarkPlugins = [remarkGfm, remarkMath, remarkHtmlAsText];

const components: Components = {
  a: ({ node: _node, href, children, ...props }) => (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  img: ({ node: _node, src, alt }) => {
    const url = typeof src === 'string' ? src : '';
    if (!url) return null;
    if (isExternalUrl(url)) return <ExternalImage src={url} alt={alt ?? ''} />;
    return <img src={url} alt={alt ?? ''} loading="lazy" className="max-h-96 rounded-md" />;
  },
  pre: ({ node: _node, children }) => <CodeBlock>{children}</CodeBlock>,
};

/** Model output as Markdown (GFM, math, highlighted code). No HTML from the text is ever rendered. */
export const Markdown = memo(function Markdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('markdown', className)}>
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
