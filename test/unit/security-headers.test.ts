import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiConnectSources, headersFile, parseHeadersFile, scriptHash, securityHeaders } from '../../src/emit/security-headers';

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

test("connect-src: the site, and the API servers the Try it panel may send to", () => {
  assert.match(securityHeaders([])['Content-Security-Policy']!, /connect-src 'self';/);
  assert.match(securityHeaders([], ['https://api.example'])['Content-Security-Policy']!, /connect-src 'self' https:\/\/api\.example;/);
  assert.deepEqual(apiConnectSources([{ url: '/api' }, { url: 'https://API.example/v1' }, { url: 'https://api.example/v2' }]), ['https://api.example']);
  // Variables in the origin: each listed value, or any origin when the reader may type one.
  assert.deepEqual(apiConnectSources([{ url: '{scheme}://{region}.api.example/v1', variables: [{ name: 'scheme', default: 'https', enum: ['https', 'http'] }, { name: 'region', default: 'eu', enum: ['eu', 'us'] }] }]), ['https://eu.api.example', 'https://us.api.example', 'http://eu.api.example', 'http://us.api.example']);
  assert.deepEqual(apiConnectSources([{ url: 'https://{host}/api', variables: [{ name: 'host', default: 'localhost' }] }]), ['http:', 'https:']);
  assert.deepEqual(apiConnectSources([{ url: 'https://api.example/{version}', variables: [{ name: 'version', default: 'v1' }] }]), ['https://api.example'], 'a variable in the path does not widen the policy');
});

test("_headers: docsite's rule for every path, after the site's own rules, and read back", () => {
  const text = headersFile({ 'X-One': '1', 'Content-Security-Policy': "default-src 'self'" }, '/downloads/*\n  Content-Disposition: attachment\n/*\n  X-One: site\n  X-Site: yes\n');
  assert.match(text, /^\/downloads\/\*/);
  assert.deepEqual(parseHeadersFile(text), { 'X-One': '1', 'X-Site': 'yes', 'Content-Security-Policy': "default-src 'self'" });
});
