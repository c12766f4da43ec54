import { useEffect, useState } from 'react';

/** Hidden while the reader scrolls down past the navbar, shown again as soon as they scroll up. */
export function useHideOnScroll(enabled: boolean, navbarHeight = 64): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < navbarHeight) setHidden(false);
      else if (Math.abs(y - last) > 4) setHidden(y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled, navbarHeight]);
  return enabled && hidden;
}
