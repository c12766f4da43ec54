// Clicking an image of an article opens it at full size in a dialog. Only this listener is on every page; the
// dialog's code loads on the first click.

/** An image a click zooms: in an article's text, not a link's picture (the link wins), not opted out. */
export function isZoomable(target: EventTarget | null): target is HTMLImageElement {
  return target instanceof HTMLImageElement && Boolean(target.closest('article')) && !target.closest('a, button, .no-zoom, [data-no-zoom]');
}

export function installImageZoom(): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || !isZoomable(event.target)) return;
    const image = event.target;
    event.preventDefault();
    void import('./image-zoom-dialog').then(({ openImage }) => openImage(image));
  });
}
