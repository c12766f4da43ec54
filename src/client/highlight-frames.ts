// The frames of the article whose documents the page may read, handed over one body at a time as each
// becomes readable: what mark.js does with `iframes: true`, without its code. A frame from another origin
// (or a sandboxed one) has no readable document and is passed over without an error; a frame that has not
// loaded by the deadline is passed over too, so a slow embed never holds anything up.

/** mark.js's `iframesTimeout` default: how long after the highlight run a frame may still load and be marked. */
export const FRAME_TIMEOUT_MS = 5000;

/**
 * Calls `visit` with the body of every same-origin `<iframe>` under `root`: now for a frame that has
 * loaded, on its `load` event for one still loading (a lazy frame loads when it nears the viewport),
 * never for one that loads after `timeoutMs`.
 */
export function forEachFrameBody(root: Element, visit: (body: HTMLElement) => void, timeoutMs = FRAME_TIMEOUT_MS): void {
  for (const frame of root.querySelectorAll('iframe')) {
    if (hasLoaded(frame)) {
      visitBody(frame, visit);
      continue;
    }
    const onLoad = (): void => {
      clearTimeout(timer);
      visitBody(frame, visit);
    };
    // Dropping the listener at the deadline is what skips the frame: it may still load, unmarked.
    const timer = setTimeout(() => frame.removeEventListener('load', onLoad), timeoutMs);
    frame.addEventListener('load', onLoad, { once: true });
  }
}

function visitBody(frame: HTMLIFrameElement, visit: (body: HTMLElement) => void): void {
  const body = readableDocument(frame)?.body;
  if (body) visit(body);
}

/**
 * The frame's document if this page may read it. `contentDocument` is null for another origin and for a
 * sandbox without allow-same-origin, without the console error that reading `contentWindow.document` logs;
 * the catch is for engines that throw instead.
 */
function readableDocument(frame: HTMLIFrameElement): Document | null {
  try {
    return frame.contentDocument;
  } catch {
    return null;
  }
}

/**
 * Whether the frame's own document is in and complete. Until a frame with a `src` has loaded it holds the
 * initial about:blank document, which is complete, same-origin and empty: that one means "still loading".
 * A frame still loading from another origin looks like that too, and its `load` then finds no document.
 */
function hasLoaded(frame: HTMLIFrameElement): boolean {
  const doc = readableDocument(frame);
  if (!doc || doc.readyState !== 'complete') return false;
  const src = frame.getAttribute('src')?.trim();
  const waitsForSrc = !frame.hasAttribute('srcdoc') && !!src && src !== 'about:blank';
  return !(waitsForSrc && doc.URL === 'about:blank');
}
