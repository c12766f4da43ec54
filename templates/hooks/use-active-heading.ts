import { useState } from 'react';
import { useOnScroll } from './use-on-scroll';

// Scroll-spy for the table of contents: the heading being read is the last one whose top has scrolled past the
// navbar (plus a little air), or the first while none has.

/** Pixels below the viewport's top where a heading counts as reached: the sticky navbar and a line of air. */
const REACHED_AT = 100;

export function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  useOnScroll(
    () => {
      let current: string | undefined;
      for (const id of ids) {
        const heading = document.getElementById(id);
        if (!heading) continue;
        if (heading.getBoundingClientRect().top > REACHED_AT) break;
        current = id;
      }
      // At the very bottom the last sections may never reach the top: the last heading is the one being read.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = ids.at(-1);
      setActive(current ?? ids[0]);
    },
    [ids.join('\n')],
    ids.length > 0,
  );
  return active;
}
