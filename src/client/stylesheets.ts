// Stylesheets of pages that import CSS: added to the head on first visit, kept afterwards
// (their rules are scoped by class names, and unloading would flash on the way back).

const loaded = new Map<string, Promise<void>>();

/** Resolves once the stylesheet applies, so the page never renders unstyled; a failed load resolves too. */
export function loadStylesheet(href: string): Promise<void> {
  let done = loaded.get(href);
  if (!done) {
    done = new Promise((resolve) => {
      const present = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.getAttribute('href') === href);
      if (present) return resolve();
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      // Better an unstyled page than none: the text is still there.
      link.onerror = () => resolve();
      document.head.append(link);
    });
    loaded.set(href, done);
  }
  return done;
}
