import type { Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { walk } from '../walk';
import { ADMONITION_TITLES } from '../../../shared/admonitions';

// `:::note[Title]` ... `:::` -> <div class="admonition admonition-note">, and every directive that is
// not an admonition back to the text it was written as (remark-directive would otherwise eat
// things like ":port" from prose).


export function remarkAdmonitions() {
  return (tree: Root) => {
    walk<Root | RootContent>(tree, undefined, (node, index, parent) => {
      if (node.type === 'containerDirective' && node.name in ADMONITION_TITLES) {
        transformAdmonition(node);
        return;
      }
      if ((node.type === 'textDirective' || node.type === 'leafDirective' || node.type === 'containerDirective') && parent && index !== undefined) {
        parent.children.splice(index, 1, ...(directiveAsText(node) as never[]));
        return index;
      }
      return undefined;
    });
  };
}

function transformAdmonition(node: ContainerDirective): void {
  const type = node.name === 'caution' ? 'warning' : node.name;
  let title: PhrasingContent[] = [{ type: 'text', value: ADMONITION_TITLES[node.name]! }];
  const first = node.children[0];
  if (first?.type === 'paragraph' && first.data?.directiveLabel) {
    title = first.children;
    node.children.shift();
  }
  const heading: Paragraph = { type: 'paragraph', children: title, data: { hName: 'div', hProperties: { className: ['admonition-heading'] } } };
  const content = { type: 'blockquote', children: node.children, data: { hName: 'div', hProperties: { className: ['admonition-content'] } } } as RootContent;
  node.children = [heading, content] as ContainerDirective['children'];
  node.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${type}`] } };
}

function directiveAsText(node: TextDirective | LeafDirective | ContainerDirective): RootContent[] {
  const marker = node.type === 'textDirective' ? ':' : node.type === 'leafDirective' ? '::' : ':::';
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => (value ? `${key}="${value}"` : key))
    .join(' ');
  // In the order the syntax has them: `:name[label]{attributes}`.
  const text = [
    { type: 'text', value: `${marker}${node.name}` },
    ...(node.children.length ? [{ type: 'text', value: '[' }, ...node.children, { type: 'text', value: ']' }] : []),
    ...(attributes ? [{ type: 'text', value: `{${attributes}}` }] : []),
  ] as PhrasingContent[];
  if (node.type === 'textDirective') return text as RootContent[];
  if (node.type === 'leafDirective') return [{ type: 'paragraph', children: text }];
  return node.children as RootContent[];
}
