import assert from 'node:assert/strict';
import { test } from 'node:test';
import { activeLinksOf, firstHrefOf, isActiveHref, itemCountOf, sidebarForPage } from '../../src/shared/sidebar-view';
import type { SidebarCategory, SidebarItem } from '../../src/shared/types';

const link = (href: string): SidebarItem => ({ type: 'link', label: href, href });
const category = (label: string, items: SidebarItem[], extra: Partial<SidebarCategory> = {}): SidebarCategory => ({ type: 'category', label, items, collapsed: true, collapsible: true, ...extra });

const sidebar: SidebarItem[] = [
  link('/docs/intro'),
  category('Guides', [link('/docs/guides/a'), category('Deep', [link('/docs/guides/deep/x'), link('/docs/guides/deep/y')])]),
  category('Reference', [category('CLI', [link('/docs/ref/cli/run')]), link('/docs/ref/config')], { href: '/docs/category/reference' }),
  category('Always open', [link('/docs/open/a')], { collapsed: false }),
  category('Not collapsible', [link('/docs/fixed/a')], { collapsible: false }),
];

const categoryNamed = (items: SidebarItem[], label: string): SidebarCategory => {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.label === label) return item;
    try {
      return categoryNamed(item.items, label);
    } catch {
      // not below this one
    }
  }
  throw new Error(`no category ${label}`);
};

test('a page keeps the categories open on it and the labels, links and counts of the closed ones', () => {
  const { items, complete } = sidebarForPage(sidebar, '/docs/guides/a', '/');
  assert.equal(complete, false);
  const guides = categoryNamed(items, 'Guides');
  assert.equal(guides.items.length, 2, 'the active category keeps its items');
  const deep = categoryNamed(items, 'Deep');
  assert.deepEqual(deep.items, []);
  assert.deepEqual(deep.itemsLeftOut, { count: 2, firstHref: '/docs/guides/deep/x' });
  const reference = categoryNamed(items, 'Reference');
  assert.deepEqual(reference.itemsLeftOut, { count: 2, firstHref: '/docs/ref/cli/run' });
  assert.equal(firstHrefOf(reference), '/docs/category/reference', 'its own page comes first');
  assert.equal(reference.href, '/docs/category/reference');
  assert.equal(categoryNamed(items, 'Always open').items.length, 1, 'collapsed: false starts open');
  assert.equal(categoryNamed(items, 'Not collapsible').items.length, 1);
  assert.equal(items.length, sidebar.length, 'the shape (and so every key) is the same as the whole sidebar');
});

test('the path to a deep page stays open, matched ignoring case, trailing slash and base URL', () => {
  const based: SidebarItem[] = JSON.parse(JSON.stringify(sidebar).replaceAll('"/docs/', '"/base/docs/'));
  const { items } = sidebarForPage(based, '/docs/Guides/Deep/Y/', '/base/');
  assert.equal(categoryNamed(items, 'Deep').items.length, 2);
  assert.equal(categoryNamed(items, 'Guides').items.length, 2);
  assert.ok(categoryNamed(items, 'Reference').itemsLeftOut);
});

test("a category's own page opens it; a sidebar with nothing to leave out is complete", () => {
  const { items } = sidebarForPage(sidebar, '/docs/category/reference', '/');
  assert.equal(categoryNamed(items, 'Reference').items.length, 2);
  assert.ok(categoryNamed(items, 'CLI').itemsLeftOut, 'a closed category below an open one is cut');
  const open = [category('A', [link('/docs/a')], { collapsed: false })];
  assert.deepEqual(sidebarForPage(open, '/docs/elsewhere', '/'), { items: open, complete: true });
});

test('firstHrefOf and itemCountOf read cut categories as whole ones', () => {
  const whole = categoryNamed(sidebar, 'CLI');
  const cut = categoryNamed(sidebarForPage(sidebar, '/docs/ref/config', '/').items, 'CLI');
  assert.ok(cut.itemsLeftOut);
  assert.equal(firstHrefOf(cut), firstHrefOf(whole));
  assert.equal(itemCountOf(cut), itemCountOf(whole));
  assert.equal(firstHrefOf(categoryNamed(sidebar, 'Guides')), '/docs/guides/a');
});

test('isActiveHref ignores hash, case and trailing slash, and links outside the base', () => {
  assert.equal(isActiveHref('/base/docs/A/#part', '/docs/a', '/base/'), true);
  assert.equal(isActiveHref('/docs/a', '/docs/a', '/base/'), false);
  assert.equal(isActiveHref(undefined, '/docs/a', '/'), false);
});

test("activeLinksOf: the positions of a list's links isActiveHref calls active, on every page and base", () => {
  const list: SidebarItem[] = [
    link('/base/docs/a'),
    category('Cat', [link('/base/docs/c')], { href: '/base/docs/a' }),
    link('/base/docs/A/#part'),
    link(''),
    link('/elsewhere/docs/a'),
    link('/base/docs/b.html'),
    { type: 'link', label: 'unlisted', href: '/base/docs/a', unlisted: true },
  ];
  const expected = (path: string, base: string) => list.flatMap((item, index) => (item.type === 'link' && isActiveHref(item.href, path, base) ? [index] : []));
  for (const base of ['/base/', '/', '/base/']) {
    for (const path of ['/docs/a', '/docs/a/', '/docs/b', '/docs/c', '/', '/base/docs/a', '/elsewhere/docs/a']) {
      assert.deepEqual(activeLinksOf(list, path, base), expected(path, base), `${path} under ${base}`);
    }
  }
  assert.deepEqual(activeLinksOf(list, '/docs/a', '/base/'), [0, 2, 6], 'a category is not a link of the list');
  assert.deepEqual(activeLinksOf(list, '/elsewhere/docs/a', '/'), [4]);
});

test('activeLinksOf: a list changed in place after it was first asked about answers for what it holds now', () => {
  const list: SidebarItem[] = [link('/docs/a'), link('/docs/b')];
  assert.deepEqual(activeLinksOf(list, '/docs/b', '/'), [1]);
  (list[0] as { href: string }).href = '/docs/b';
  list[1] = category('Now a category', [link('/docs/b')]);
  list.push(link('/docs/B/'));
  assert.deepEqual(activeLinksOf(list, '/docs/b', '/'), [0, 2]);
  assert.deepEqual(activeLinksOf(list, '/docs/a', '/'), []);
});
