import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { prefersReducedMotion } from '../hooks/use-media-query';

// A height-animated collapsible region. The duration follows the content's height, so short lists
// snap and long ones glide at a similar speed; readers who prefer reduced motion get 1 ms.
// Lazy: the content is not mounted until the first time it is expanded.

const EASING = 'ease-in-out';

/** Animation time in ms for content of this height: grows with the square root, capped. */
export function collapseDuration(heightPx: number): number {
  return Math.round(Math.min(120 + Math.sqrt(Math.max(0, heightPx)) * 9, 520));
}

// useLayoutEffect warns during server rendering; there is no layout to read there anyway.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export function Collapsible({ id, collapsed, lazy = true, className, children }: { id?: string; collapsed: boolean; lazy?: boolean; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Whether the content was ever shown: derived while rendering, no extra state or render pass.
  const opened = useRef(!lazy);
  if (!collapsed) opened.current = true;
  const first = useRef(true);

  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (first.current || !element) {
      first.current = false;
      return;
    }
    const height = element.scrollHeight;
    const duration = prefersReducedMotion() ? 1 : collapseDuration(height);
    element.style.overflow = 'hidden';
    element.style.display = 'block';
    element.style.height = collapsed ? `${height}px` : '0px';
    void element.offsetHeight; // commit the start height before transitioning
    element.style.transition = `height ${duration}ms ${EASING}`;
    element.style.height = collapsed ? '0px' : `${height}px`;
    const finish = () => {
      element.style.transition = '';
      element.style.overflow = '';
      element.style.height = '';
      element.style.display = collapsed ? 'none' : '';
    };
    const timer = setTimeout(finish, duration + 50);
    const onEnd = (event: TransitionEvent) => {
      if (event.target !== element) return;
      clearTimeout(timer);
      finish();
    };
    element.addEventListener('transitionend', onEnd, { once: true });
    return () => {
      clearTimeout(timer);
      element.removeEventListener('transitionend', onEnd);
    };
  }, [collapsed]);

  return (
    <div ref={ref} id={id} className={className} style={collapsed ? { display: 'none' } : undefined}>
      {opened.current && children}
    </div>
  );
}
