import { useEffect } from 'react';

/** Runs `measure` now and after each scroll or resize, at most once a frame (the TOC highlight, Back to top). */
export function useOnScroll(measure: () => void, deps: readonly unknown[], enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const onScroll = () => (frame ||= requestAnimationFrame(() => ((frame = 0), measure())));
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, deps);
}
