import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { existsSync } from 'node:fs';
import { importedNames, importLocation, importsSpecifier } from '../../src/bundle/import-statements';
import { PROVIDED_MODULES, providedModuleFile } from '../../src/bundle/provided-modules';
import { parseSvg, reactPropName, styleObject, svgProps } from '../../src/bundle/svg-components';
import { clsx } from '../../templates/mdx/packages/clsx';
import { interpolate } from '../../templates/mdx/docusaurus/Interpolate';
import { translate } from '../../templates/mdx/docusaurus/Translate';
import { addBaseUrl } from '../../templates/mdx/docusaurus/useBaseUrl';
import isInternalUrl from '../../templates/mdx/docusaurus/isInternalUrl';

// The pieces behind Docusaurus compatibility of pages: SVG files as components, import statements read from a
// source file, the provided modules' table and their small helpers.

describe('SVG files as components', () => {
  test('the root attributes and the inner markup, past an XML declaration and comments', () => {
    const parsed = parseSvg('<?xml version="1.0"?>\n<!-- made by hand -->\n<svg viewBox="0 0 10 10" data-x=\'a>b\' class="art"><g><path d="M0 0"/></g></svg>\n');
    assert.deepEqual(parsed, { attributes: [['viewBox', '0 0 10 10'], ['data-x', 'a>b'], ['class', 'art']], inner: '<g><path d="M0 0"/></g>' });
    assert.deepEqual(parseSvg('<svg width="1"/>'), { attributes: [['width', '1']], inner: '' });
    assert.equal(parseSvg('<p>no image</p>'), undefined);
  });

  test('attribute names become React props: class, dashed, namespaced; data- and aria- as written', () => {
    assert.equal(reactPropName('class'), 'className');
    assert.equal(reactPropName('stroke-width'), 'strokeWidth');
    assert.equal(reactPropName('xmlns:xlink'), 'xmlnsXlink');
    assert.equal(reactPropName('xlink:href'), 'xlinkHref');
    assert.equal(reactPropName('xml:space'), 'xmlSpace');
    assert.equal(reactPropName('data-name'), 'data-name');
    assert.equal(reactPropName('aria-hidden'), 'aria-hidden');
    assert.equal(reactPropName('viewBox'), 'viewBox');
  });

  test('a style attribute becomes a style object; entities in values are decoded', () => {
    assert.deepEqual(styleObject('fill-opacity: .5; -webkit-mask: url(a;b); --tone: red; -ms-grid-row: 1; ;'), { fillOpacity: '.5', WebkitMask: 'url(a;b)', '--tone': 'red', msGridRow: '1' });
    assert.deepEqual(svgProps(parseSvg('<svg class="a" style="fill:red" aria-label="Tom &amp; Jerry"></svg>')!.attributes), { className: 'a', style: { fill: 'red' }, 'aria-label': 'Tom & Jerry' });
  });
});

describe('import statements read from a source file', () => {
  const source = "---\ntitle: x\n---\n\nimport Tabs, { Tab as T, type Props } from '@theme/Tabs';\nimport { a,\n  b } from \"pkg\";\nconst Logo = require('./logo.svg').default;\n";

  test('the line and column of an import, for messages', () => {
    assert.deepEqual(importLocation(source, '@theme/Tabs'), { line: 5, column: 1, lineText: "import Tabs, { Tab as T, type Props } from '@theme/Tabs';" });
    assert.equal(importLocation(source, './logo.svg')?.line, 8);
    assert.equal(importLocation(source, 'other'), undefined);
  });

  test('the names imported, type-only ones left out; whether the file imports a module itself', () => {
    assert.deepEqual(importedNames(source, '@theme/Tabs'), ['Tab']);
    assert.deepEqual(importedNames(source, 'pkg'), ['a', 'b']);
    assert.ok(importsSpecifier(source, './logo.svg'));
    assert.ok(!importsSpecifier(source, './diagram.svg'));
  });
});

describe('the provided modules', () => {
  test('every entry of the table is a file of the theme', () => {
    for (const specifier of Object.keys(PROVIDED_MODULES)) assert.ok(existsSync(providedModuleFile(specifier)!), specifier);
    assert.equal(providedModuleFile('@theme/NotAThing'), undefined);
  });

  test('clsx, interpolate and translate, isInternalUrl, useBaseUrl as Docusaurus reads paths', () => {
    assert.equal(clsx('a', 0, false, ['b', ['c', null]], { d: true, e: false }, 7), 'a b c d 7');
    assert.equal(interpolate('{n} of {total}', { n: 1, total: 3 }), '1 of 3');
    assert.equal(interpolate('left {unknown}', { n: 1 }), 'left {unknown}');
    assert.equal(translate({ message: 'Hello {name}' }, { name: 'Ada' }), 'Hello Ada');
    assert.equal(translate({ id: 'only.id' }), 'only.id');
    assert.ok(isInternalUrl('/docs/intro'));
    assert.ok(!isInternalUrl('https://example.com'));
    assert.ok(!isInternalUrl('mailto:a@b.c'));
    const site = { url: 'https://x.example', baseUrl: '/base/' };
    assert.equal(addBaseUrl(site, 'img/logo.svg'), '/base/img/logo.svg');
    assert.equal(addBaseUrl(site, '/img/logo.svg'), '/base/img/logo.svg');
    assert.equal(addBaseUrl(site, '/base/img/logo.svg'), '/base/img/logo.svg');
    assert.equal(addBaseUrl(site, '/img/logo.svg', { absolute: true }), 'https://x.example/base/img/logo.svg');
    assert.equal(addBaseUrl(site, '#top'), '#top');
    assert.equal(addBaseUrl(site, 'https://cdn.example/a.png'), 'https://cdn.example/a.png');
  });
});
