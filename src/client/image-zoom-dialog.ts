import site from 'docsite:site';

// The image viewer (image-zoom.ts opens it): a modal <dialog> holding the image at its full size, within the
// screen. Escape, a click anywhere or the close button close it, and focus goes back to the image. The browser's
// modal dialog keeps focus inside and the page inert meanwhile. Its label is the page's language's ("Image viewer").

export function openImage(image: HTMLImageElement): void {
  // Focus comes back to the image, where the reader was: it takes focus from a script, not from Tab.
  if (!image.hasAttribute('tabindex')) image.tabIndex = -1;
  // The theme's strings in the site's language (none on an English site).
  const strings = site.strings;
  const dialog = document.createElement('dialog');
  dialog.className = 'image-zoom';
  dialog.setAttribute('aria-label', image.alt || strings?.['Image viewer'] || 'Image viewer');
  const full = document.createElement('img');
  full.src = image.currentSrc || image.src;
  full.alt = image.alt;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'image-zoom-close';
  close.setAttribute('aria-label', strings?.['Close'] ?? 'Close');
  close.textContent = '×';
  dialog.append(full, close);
  document.body.append(dialog);
  dialog.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => {
    // Focus first, then the dialog goes: removed while its button still had focus, the browser's own fix-up of a
    // removed focused element could run after this and leave focus on the page instead of the image.
    image.focus({ preventScroll: true });
    dialog.remove();
  });
  dialog.showModal();
  close.focus();
}
