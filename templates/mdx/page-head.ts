import { useEffect } from 'react';
import type { PageData } from '../../src/shared/types';
import { useSite } from '../context/site';

// A Docusaurus page names its title and description in what it renders (`<Layout title>`, `<Head><title>`), not
// in data the build can read beforehand. On the server, the components note them while the page renders
// (rendering is synchronous, one page at a time) and the renderer copies them into the page's data before the
// HTML shell is written; in the browser, they write the document's head after each render.

export interface PageHead {
  title?: string;
  description?: string;
}

let collecting: PageHead | undefined;

/** Runs a server render and gives what the page's components said about its head. */
export function collectPageHead<T>(render: () => T): { result: T; head: PageHead } {
  collecting = {};
  try {
    const result = render();
    return { result, head: collecting };
  } finally {
    collecting = undefined;
  }
}

/** Copies a collected head into the page's data, which the HTML shell reads for `<title>` and the description. */
export function applyPageHead(data: PageData, head: PageHead): void {
  const target = data as { title: string; description?: string };
  if (head.title) target.title = head.title;
  if (head.description) target.description = head.description;
}

/** Sets the page's title and description: during a server render, and in the browser after each render. */
export function usePageHead(head: PageHead): void {
  const site = useSite();
  if (collecting) {
    if (head.title) collecting.title = head.title;
    if (head.description) collecting.description = head.description;
  }
  const { title, description } = head;
  useEffect(() => {
    // After the runtime's own head update for the route, which runs in the same flush of effects.
    queueMicrotask(() => {
      if (title) document.title = title === site.title ? title : `${title} | ${site.title}`;
      if (description) document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.setAttribute('content', description);
    });
  }, [title, description, site.title]);
}
