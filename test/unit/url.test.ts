import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyTrailingSlash, normalizeBaseUrl, routeKey, stripBase, withBase } from '../../src/shared/url';

test('routeKey strips .html, /index.html and trailing slashes', () => {
  assert.equal(routeKey('/docs/a.html'), '/docs/a');
  assert.equal(routeKey('/docs/a/index.html'), '/docs/a');
  assert.equal(routeKey('/docs/a/'), '/docs/a');
  assert.equal(routeKey('/index.html'), '/');
  assert.equal(routeKey('/'), '/');
  assert.equal(routeKey('/docs/caf%C3%A9'), '/docs/café');
});

test('base URL helpers', () => {
  assert.equal(normalizeBaseUrl('memora'), '/memora/');
  assert.equal(withBase('/memora/', '/docs/x'), '/memora/docs/x');
  assert.equal(withBase('/', '/docs/x'), '/docs/x');
  assert.equal(withBase('/memora/', 'https://x.org/'), 'https://x.org/');
  assert.equal(stripBase('/memora/', '/memora/docs/x'), '/docs/x');
  assert.equal(stripBase('/memora/', '/memora'), '/');
  assert.equal(stripBase('/memora/', '/other'), undefined);
});

test('trailing slash policy', () => {
  assert.equal(applyTrailingSlash('/docs/x', undefined), '/docs/x');
  assert.equal(applyTrailingSlash('/docs/x', true), '/docs/x/');
  assert.equal(applyTrailingSlash('/docs/x#a', true), '/docs/x/#a');
  assert.equal(applyTrailingSlash('/docs/x/', false), '/docs/x');
  assert.equal(applyTrailingSlash('/', false), '/');
});
