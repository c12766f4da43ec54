import { useEffect } from 'react';

// ← and → lead to the previous and next page of the docs, as in mdBook and GitBook, where the browser leaves the
// keys free: not with a modifier (Alt+← is Back), not while typing, not where the arrows move something (tabs,
// menus, sliders, a scrolled code block), and not when the page itself scrolls sideways.

export function usePagingKeys(previous: string | undefined, next: string | undefined): void {
  useEffect(() => {
    if (!previous && !next) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : undefined;
      if (!target || !keysAreFree(event.target)) return;
      if (document.documentElement.scrollWidth > document.documentElement.clientWidth) return;
      // A link the router follows, as a click would.
      const link = document.createElement('a');
      link.href = target;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [previous, next]);
}

function keysAreFree(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="tablist"], [role="menu"], [role="listbox"], [role="slider"], dialog[open], pre')) return false;
  return true;
}
