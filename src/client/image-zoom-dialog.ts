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
    dialog.remove();
    image.focus({ preventScroll: true });
  });
  dialog.showModal();
  close.focus();
}
