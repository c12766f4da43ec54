import { useState } from 'react';
import { useThemeString } from '../context/site';
import { useOnScroll } from '../hooks/use-on-scroll';

// "Back to top" on long pages: it shows once the reader is two screens down a page of more than three, and takes
// them up at once when they prefer reduced motion, smoothly otherwise.

export function BackToTop() {
  const t = useThemeString();
  const [shown, setShown] = useState(false);
  useOnScroll(() => {
    const screen = window.innerHeight;
    setShown(document.documentElement.scrollHeight > 3 * screen && window.scrollY > 2 * screen);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label={t('Back to top')}
      title={t('Back to top')}
      onClick={() => {
        const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
        // The skip link is the first stop of the page: the keyboard starts again from the top too.
        document.querySelector<HTMLElement>('.skip-link')?.focus({ preventScroll: true });
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 5l-7 7 1.4 1.4L11 8.8V20h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </button>
  );
}
