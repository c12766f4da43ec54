import { renderToString } from 'react-dom/server';
import { Root } from './Root';
import type { RootProps } from './types';

// Node-side entry of the theme: the build bundles it with every route module and calls this per route.
export function renderApp(props: RootProps): string {
  return renderToString(<Root {...props} />);
}
