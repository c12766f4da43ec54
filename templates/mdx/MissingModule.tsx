import type { ReactNode } from 'react';

// What stands in for a module a page imports that docsite cannot provide (a Docusaurus theme component it does
// not have, a package the site has not installed): a small visible box naming it, around whatever the page put
// inside, so the page builds and shows what is missing instead of failing. The build warns once per import.
export function missingModule(specifier: string) {
  // Also called as a plain function when it stands in for a hook or helper (`useThing()`): no props then.
  function MissingModule({ children }: { children?: ReactNode } = {}) {
    return (
      <span className="docsite-missing-module" style={{ display: children ? 'block' : 'inline-block', border: '1px dashed currentColor', borderRadius: '4px', padding: '0.25rem 0.5rem', margin: '0.25rem 0', fontSize: '0.85em' }}>
        <span style={{ opacity: 0.75 }}>
          Not available: <code>{specifier}</code>
        </span>
        {children}
      </span>
    );
  }
  MissingModule.displayName = `Missing(${specifier})`;
  return MissingModule;
}
