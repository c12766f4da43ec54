// An example of overriding a theme component ("swizzling"): this file replaces docsite's `DocItem/Footer`
// (the end of every doc page: tags, edit link, last update) and wraps the original, imported as
// `@theme-original/DocItem/Footer`, adding one line below it.
import OriginalFooter from '@theme-original/DocItem/Footer';
import type { ComponentProps } from 'react';

export default function DocItemFooter(props: ComponentProps<typeof OriginalFooter>) {
  return (
    <>
      <OriginalFooter {...props} />
      <p className="doc-help-note">
        Found a mistake or something unclear? Use “Edit this page” to fix it on GitHub, or ask in{' '}
        <a href="https://github.com/memora-photos/memora/discussions">GitHub Discussions</a>.
      </p>
    </>
  );
}
