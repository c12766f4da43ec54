// Focus rings for keyboard users only: `navigation-with-keyboard` on <body> from the first Tab
// until the next mouse press (CONTRACT.md §3).

const CLASS = 'navigation-with-keyboard';

export function installKeyboardNavigationClass(): void {
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') document.body.classList.add(CLASS);
  });
  document.addEventListener('mousedown', () => document.body.classList.remove(CLASS));
}
