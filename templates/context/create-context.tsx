import { createContext, useContext, type Context } from 'react';

// Contexts the theme cannot work without: reading one outside its provider is a bug in a theme
// component or a swizzled page, and the error says which hook and which provider.

const MISSING = Symbol('missing provider');

export function createRequiredContext<T>(name: string): { Context: Context<T | typeof MISSING>; use: () => T } {
  const Context = createContext<T | typeof MISSING>(MISSING);
  Context.displayName = name;
  const use = (): T => {
    const value = useContext(Context);
    if (value === MISSING) throw new Error(`docsite: use${name}() was called outside of <${name}Provider>; render this component inside a docsite page.`);
    return value;
  };
  return { Context, use };
}
