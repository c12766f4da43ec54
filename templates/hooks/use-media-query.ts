import { useEffect, useState } from 'react';

/** Desktop above 996 px, mobile at 996 px and below (CONTRACT.md §3). */
export const DESKTOP_QUERY = '(min-width: 997px)';

/**
 * Whether a media query matches. The server and the first client render assume `fallback`, so
 * hydration never disagrees; the real value follows right after mount.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const [matches, setMatches] = useState(fallback);
  useEffect(() => {
    const list = window.matchMedia(query);
    setMatches(list.matches);
    const onChange = () => setMatches(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
