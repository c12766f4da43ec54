import { Children, isValidElement, type ReactNode } from 'react';
import { usePageHead } from '../page-head';

// `<Head><title>…</title><meta name="description" content="…" /></Head>`: docsite writes the page's title and
// description into its head; other tags a page puts there are left out (the site config's headTags add tags
// to every page).
export default function Head({ children }: { children?: ReactNode }) {
  const head: { title?: string; description?: string } = {};
  Children.forEach(children, (child) => {
    if (!isValidElement<{ children?: ReactNode; name?: string; content?: string }>(child)) return;
    if (child.type === 'title') head.title = Children.toArray(child.props.children).join('');
    else if (child.type === 'meta' && child.props.name === 'description' && child.props.content) head.description = child.props.content;
  });
  usePageHead(head);
  return null;
}
