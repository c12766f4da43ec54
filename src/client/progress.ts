import NProgress from 'nprogress';

// The route-change progress bar. Fast navigations (a cached or prefetched chunk) never show it:
// it appears only when loading takes longer than DELAY_MS.

const DELAY_MS = 200;

// `trickleRate` exists in nprogress 0.2 but not in its type definitions.
NProgress.configure({ showSpinner: false, minimum: 0.08, speed: 200, trickleSpeed: 800, ...{ trickleRate: 0.02 } });

/** Starts a navigation's progress; call the returned function when the new page has rendered. */
export function startProgress(): () => void {
  const timer = setTimeout(() => NProgress.start(), DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (NProgress.isStarted()) NProgress.done();
  };
}
