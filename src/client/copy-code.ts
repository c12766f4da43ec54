// One delegated listener serves every code block's copy button, including blocks rendered later.
export function installCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('.code-copy');
    if (!(button instanceof HTMLButtonElement)) return;
    const code = button.parentElement?.querySelector('pre code');
    if (!code) return;
    const text = code.textContent ?? '';
    void navigator.clipboard?.writeText(text).then(() => {
      button.classList.add('copied');
      button.setAttribute('aria-label', 'Copied');
      setTimeout(() => {
        button.classList.remove('copied');
        button.setAttribute('aria-label', 'Copy code to clipboard');
      }, 1500);
    });
  });
}
