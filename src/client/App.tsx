import { useEffect, useState } from 'react';
import { Root } from 'docsite:theme';
import type { PageModule } from '../shared/theme';
import type { SiteData } from '../shared/types';

export interface AppState {
  path: string;
  page: PageModule;
}

let setAppState: ((state: AppState) => void) | undefined;

/** Swaps the rendered route; called by the navigation code once the new chunk is loaded. */
export function renderRoute(state: AppState): void {
  setAppState?.(state);
}

export function App({ site, initial, onRendered }: { site: SiteData; initial: AppState; onRendered: (state: AppState) => void }) {
  const [state, setState] = useState(initial);
  useEffect(() => {
    setAppState = setState;
    return () => {
      setAppState = undefined;
    };
  }, []);
  useEffect(() => onRendered(state), [state, onRendered]);
  return <Root site={site} path={state.path} page={state.page} />;
}
