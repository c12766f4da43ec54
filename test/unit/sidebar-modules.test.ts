import assert from 'node:assert/strict';
import { test } from 'node:test';
import { routeSidebarCode, sidebarModule } from '../../src/bundle/sidebar-modules';
import type { SidebarItem } from '../../src/shared/types';

// esbuild loads route modules in parallel, in no fixed order, and a chunk's hash covers the names of the modules in
// it: a cut of a sidebar must get the same module name whichever route asks for it first, or two builds of the same
// site name the same chunks differently.

function bigSidebar(): Record<string, SidebarItem[]> {
  const category = (label: string): SidebarItem => ({
    type: 'category',
    label,
    collapsed: true,
    collapsible: true,
    items: Array.from({ length: 40 }, (_, n) => ({ type: 'link', label: `${label} page ${n}`, href: `/docs/${label}/page-${n}`, docId: `${label}/page-${n}` })),
  });
  return { docs: ['alpha', 'beta', 'gamma'].map(category) };
}

const paths = ['/docs/alpha/page-1', '/docs/beta/page-2', '/docs/alpha/page-3', '/docs/gamma/page-4'];

test("a sidebar cut's module is named by what it holds, not by which route asked first", () => {
  const importsOf = (order: string[]) => {
    const sidebars = bigSidebar();
    return new Map(order.map((path) => [path, routeSidebarCode(sidebars, 'docs', path, '/', 'browser').imports.join('\n')]));
  };
  const forward = importsOf(paths);
  const backward = importsOf([...paths].reverse());
  for (const path of paths) assert.equal(forward.get(path), backward.get(path), path);
  // Pages with the same open category share a cut; pages with another have their own.
  assert.equal(forward.get('/docs/alpha/page-1'), forward.get('/docs/alpha/page-3'));
  assert.notEqual(forward.get('/docs/alpha/page-1'), forward.get('/docs/beta/page-2'));
  const sidebars = bigSidebar();
  const id = /"(docsite:sidebar-cut\/[^"]+)"/.exec(routeSidebarCode(sidebars, 'docs', paths[0]!, '/', 'browser').imports[0]!)![1]!;
  assert.match(sidebarModule(sidebars, id)!, /alpha page 39/);
});
