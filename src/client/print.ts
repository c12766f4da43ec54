// Printing opens every collapsed <details>, as a reader of paper cannot, and prints in the light colour mode (dark
// pages waste ink and print poorly); both are put back after.
export function installPrintExpansion(): void {
  let opened: HTMLDetailsElement[] = [];
  let theme: string | undefined;
  let printing = false;
  addEventListener('beforeprint', () => {
    if (printing) return; // a second print before the first one's afterprint keeps what the first put away
    printing = true;
    opened = [...document.querySelectorAll<HTMLDetailsElement>('details:not([open])')];
    for (const details of opened) details.open = true;
    const root = document.documentElement;
    theme = root.dataset.theme;
    root.dataset.theme = 'light';
  });
  addEventListener('afterprint', () => {
    if (!printing) return;
    printing = false;
    for (const details of opened) details.open = false;
    opened = [];
    if (theme) document.documentElement.dataset.theme = theme;
  });
}
