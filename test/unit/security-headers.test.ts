import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headersFile, parseHeadersFile, scriptHash, securityHeaders } from '../../src/emit/security-headers';

test('scriptHash is the CSP source a browser computes for the element text', () => {
  assert.equal(scriptHash(''), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
});

test('the policy allows the given inline scripts by hash and nothing inline besides', () => {
  const headers = securityHeaders(['a()', 'b()', 'a()']);
  const scriptSrc = /script-src ([^;]*)/.exec(headers['Content-Security-Policy']!)![1]!;
  assert.deepEqual(scriptSrc.split(' '), ["'self'", scriptHash('a()'), scriptHash('b()')]);
  assert.match(headers['Content-Security-Policy']!, /default-src 'self'/);
  assert.ok(headers['Permissions-Policy']);
});

test("_headers: docsite's rule for every path, after the site's own rules, and read back", () => {
  const text = headersFile({ 'X-One': '1', 'Content-Security-Policy': "default-src 'self'" }, '/downloads/*\n  Content-Disposition: attachment\n/*\n  X-One: site\n  X-Site: yes\n');
  assert.match(text, /^\/downloads\/\*/);
  assert.deepEqual(parseHeadersFile(text), { 'X-One': '1', 'X-Site': 'yes', 'Content-Security-Policy': "default-src 'self'" });
});
