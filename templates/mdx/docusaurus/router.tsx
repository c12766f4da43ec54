import { useEffect } from 'react';
import { useRoute, useSite } from '../../context/site';
import { withBase } from '../../../src/shared/url';

// `@docusaurus/router` (react-router's API as Docusaurus pages use it): the current location, navigation that
// goes through docsite's client-side router (a click on a link, which the runtime intercepts), and `<Redirect>`.

export function useLocation(): { pathname: string; search: string; hash: string; state: unknown } {
  const { path } = useRoute();
  const { baseUrl } = useSite();
  const inBrowser = typeof window !== 'undefined';
  return { pathname: withBase(baseUrl, path), search: inBrowser ? window.location.search : '', hash: inBrowser ? window.location.hash : '', state: undefined };
}

function go(to: string, replace: boolean): void {
  if (replace) {
    window.location.replace(to);
    return;
  }
  // A click on a link is a client-side navigation: the runtime intercepts it.
  const anchor = document.createElement('a');
  anchor.href = to;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

export function useHistory() {
  const location = useLocation();
  return {
    location,
    push: (to: string) => go(to, false),
    replace: (to: string) => go(to, true),
    goBack: () => window.history.back(),
    goForward: () => window.history.forward(),
    go: (steps: number) => window.history.go(steps),
    listen: () => () => undefined,
  };
}

/** Goes to `to` once in the browser; the server HTML has nothing for it. */
export function Redirect({ to, push = false }: { to: string; push?: boolean }) {
  useEffect(() => go(to, !push), [to, push]);
  return null;
}
