import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToString } from 'react-dom/server';
import { pageModuleOf } from '../../src/client/router';
import { sidebarById, useDocsSidebar, useSite } from '../../templates/context/site';
import { CrashScreen, errorChain } from '../../templates/components/ErrorBoundary';

// Developer-facing errors say exactly what is wrong.

function SiteTitle() {
  return <span>{useSite().title}</span>;
}

function SidebarLength() {
  return <span>{useDocsSidebar()?.length}</span>;
}

test('a context read outside its provider names the hook and the provider', () => {
  assert.throws(() => renderToString(<SiteTitle />), /useSite\(\) was called outside of <SiteProvider>/);
  assert.throws(() => renderToString(<SidebarLength />), /useDocsSidebar\(\) was called outside of <DocsSidebarProvider>/);
});

test('a missing sidebar id names the id and the sidebars that exist', () => {
  assert.throws(() => sidebarById({ docs: [], api: [] }, 'guides'), /no sidebar with id "guides"; the sidebars are: docs, api/);
  assert.deepEqual(sidebarById({ docs: [] }, 'docs'), []);
});

// A doc id that names no doc is caught at build time, with file and line: test/cli/build.test.ts.

test('a page module without a default export names the module', () => {
  assert.throws(() => pageModuleOf({}, '/assets/routes/docs-intro.js'), /the page module \/assets\/routes\/docs-intro\.js has no default export/);
  const page = { data: { kind: 'notFound' as const, title: 'Page Not Found' }, Page: () => null };
  assert.equal(pageModuleOf({ default: page }, 'x.js'), page);
});

test('the crash screen lists the error and each of its causes', () => {
  const error = new Error('outer', { cause: new Error('middle', { cause: 'inner text' }) });
  assert.deepEqual(errorChain(error), ['outer', 'middle', 'inner text']);
  const html = renderToString(<CrashScreen error={error} onRetry={() => undefined} />);
  assert.match(html, /This page crashed\./);
  assert.match(html, /outer/);
  assert.match(html, /middle/);
  assert.match(html, /inner text/);
  assert.match(html, /Try again/);
});
