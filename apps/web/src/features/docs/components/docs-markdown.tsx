import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { Link } from 'react-router';
import { CodeBlock } from '../../../components/markdown/code-block';
import { remarkHtmlAsText } from '../../../components/markdown/remark-html-as-text';
import { markdownSanitizeSchema } from '../../../components/markdown/sanitize-schema';

// The chat's renderer stack and sanitiser (components/markdown): no HTML in a page ever runs, even once admins
// can edit pages. Only links differ: documentation links stay in the app.
const rehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [
  [rehypeSanitize, markdownSanitizeSchema],
  [rehypeHighlight, { detect: false }],
];
const remarkPlugins = [remarkGfm, remarkHtmlAsText];

/** Client routes open in the app; server URLs (/api, /v1, /health) and other sites are ordinary links. */
export const isAppLink = (href: string) => href.startsWith('/') && !/^\/(api|v1|health)(\/|$)/.test(href);

const components: Components = {
  a: ({ node: _node, href, children, ...props }) => {
    const url = href ?? '';
    if (isAppLink(url)) {
      return (
        <Link {...props} to={url}>
          {children}
        </Link>
      );
    }
    if (url.startsWith('/') || url.startsWith('#')) {
      return (
        <a {...props} href={url}>
          {children}
        </a>
      );
    }
    return (
      <a {...props} href={url} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
  pre: ({ node: _node, children }) => <CodeBlock>{children}</CodeBlock>,
};

/** A documentation page's Markdown body. */
export function DocsMarkdown({ text }: { text: string }) {
  return (
    // Code blocks on the page background: highlight colours keep 4.5:1 contrast there (on the muted tint they miss).
    <div className="markdown max-w-none text-base [&_pre]:bg-background">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
