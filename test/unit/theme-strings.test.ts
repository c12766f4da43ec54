import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DOCUSAURUS_IDS, pageStringsFor, THEME_STRINGS, themeStringsFor } from '../../src/config/theme-strings';

// The theme's strings in the site's language (src/config/theme-strings.ts): built-in translations by language,
// the site's own code.json over them, and nothing at all for an English site.

test('an English site ships no strings; its code.json may still change one', () => {
  assert.deepEqual(themeStringsFor('en'), {});
  assert.deepEqual(themeStringsFor('en-GB'), {});
  assert.deepEqual(themeStringsFor('en', { 'theme.common.editThisPage': 'Suggest a change', 'unknown.id': 'x' }), { 'Edit this page': 'Suggest a change' });
});

test('every built-in language translates every string', () => {
  for (const locale of ['fr', 'de', 'es', 'ja', 'zh-Hans']) {
    const strings = themeStringsFor(locale);
    // 'Version:' is the same word in German and French spacing aside; every other string differs from English.
    const missing = THEME_STRINGS.filter((english) => strings[english] === undefined && !(locale === 'de' && english === 'Version:'));
    assert.deepEqual(missing, [], locale);
  }
});

test('a regional locale takes its language, Chinese its Simplified script; code.json wins by Docusaurus id or English text', () => {
  assert.equal(themeStringsFor('fr-CA')['On this page'], 'Sur cette page');
  assert.equal(themeStringsFor('zh-CN')['Edit this page'], '编辑此页');
  assert.equal(themeStringsFor('zh')['Edit this page'], '编辑此页');
  assert.deepEqual(themeStringsFor('pt-BR'), {}, 'a language without a built-in translation stays in English');
  const strings = themeStringsFor('fr', { 'theme.docs.paginator.next': 'Page suivante', 'Search is unavailable': 'Recherche indisponible' });
  assert.equal(strings.Next, 'Page suivante');
  assert.equal(strings['Search is unavailable'], 'Recherche indisponible');
  assert.equal(strings.Previous, 'Précédent');
});

test('the Docusaurus ids name strings of the theme', () => {
  for (const [id, english] of Object.entries(DOCUSAURUS_IDS)) assert.ok((THEME_STRINGS as readonly string[]).includes(english), id);
});

test('generated pages are titled in the site language, counts and tags filled in; English titles stay as they were', () => {
  const english = pageStringsFor('en');
  assert.equal(english('{count} posts tagged with "{tag}"', { count: 3, tag: 'release' }), '3 posts tagged with "release"');
  assert.equal(english('{count} doc tagged with "{tag}"', { count: 1, tag: 'guide' }), '1 doc tagged with "guide"');
  assert.equal(english('Archive'), 'Archive');
  const french = pageStringsFor('fr', { 'theme.blog.archive.title': 'Tous les billets' });
  assert.equal(french('{count} docs tagged with "{tag}"', { count: 2, tag: 'guide' }), '2 pages avec l’étiquette « guide »');
  assert.equal(french('Archive'), 'Tous les billets', 'code.json wins by Docusaurus id');
  assert.equal(pageStringsFor('ja')('{count} posts tagged with "{tag}"', { count: 4, tag: 'リリース' }), '「リリース」タグの記事（4 件）');
  assert.equal(pageStringsFor('zh-TW')('Tags'), 'Tags', 'Traditional Chinese is not given the Simplified script');
});
