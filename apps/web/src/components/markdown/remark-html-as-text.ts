interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

/**
 * A remark plugin that turns raw HTML in the Markdown into plain text: a model writing "<br>" or "<script>"
 * shows those characters, and no element is ever created from them.
 */
export function remarkHtmlAsText() {
  return (tree: MdNode): void => {
    const walk = (node: MdNode): void => {
      for (const child of node.children ?? []) {
        if (child.type === 'html') child.type = 'text';
        else walk(child);
      }
    };
    walk(tree);
  };
}
