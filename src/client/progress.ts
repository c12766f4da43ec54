// The route-change progress bar. Fast navigations (a cached or prefetched chunk) never show it:
// it appears only when loading takes longer than DELAY_MS. The bar's code (nprogress) is loaded then, the
// first time a navigation is slow: most readers never need it, and no page waits for it.

const DELAY_MS = 200;

type Bar = typeof import('nprogress');
let bar: Promise<Bar> | undefined;

function loadBar(): Promise<Bar> {
  bar ??= import('nprogress').then((module) => {
    const NProgress = (module as unknown as { default?: Bar }).default ?? module;
    // `trickleRate` exists in nprogress 0.2 but not in its type definitions.
    NProgress.configure({ showSpinner: false, minimum: 0.08, speed: 200, trickleSpeed: 800, ...{ trickleRate: 0.02 } });
    return NProgress;
  });
  return bar;
}

/** Starts a navigation's progress; call the returned function when the new page has rendered. */
export function startProgress(): () => void {
  let done = false;
  let started: Bar | undefined;
  const timer = setTimeout(() => {
    loadBar().then(
      (NProgress) => {
        if (done) return;
        started = NProgress;
        NProgress.start();
      },
      () => undefined,
    );
  }, DELAY_MS);
  return () => {
    done = true;
    clearTimeout(timer);
    if (started?.isStarted()) started.done();
  };
}
