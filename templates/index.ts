import type { ThemeEntry } from '../src/shared/theme';
import { configureStorage } from './lib/storage';
import { Root } from './Root';
import './styles/index.css';
// The site's own stylesheets (config `customCss`), after the theme's so that they override it.
import 'docsite:custom-css';

// The theme's entry for the browser runtime, which reaches the theme only through this module, as
// `docsite:theme` (the bundler resolves the alias here; src/client/virtual.d.ts declares it as a
// ThemeEntry). Importing it also brings the theme's global stylesheet.

export { configureStorage, Root };

/** Typecheck fails here if this entry stops matching what the runtime was promised. */
export type Entry = Satisfies<{ Root: typeof Root; configureStorage: typeof configureStorage }>;
type Satisfies<T extends ThemeEntry> = T;
