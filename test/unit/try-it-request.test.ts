import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiParameter } from '../../src/shared/api';
import { buildRequest, serverUrlOf, type RequestInput } from '../../templates/components/api/try-it/request';

// The Try it panel's request: where each typed value goes, and how it is encoded.

const parameter = (name: string, location: ApiParameter['in'], type = 'string'): ApiParameter => ({ name, in: location, required: location === 'path', deprecated: false, schema: { type } });

const base: RequestInput = { method: 'get', path: '/items/{itemId}', server: 'https://api.example/v2', documentUrl: 'https://docs.example/docs/api/openapi.yaml', parameters: [], credentials: [] };

test('server URL: variables take the typed value, else their default; no trailing slash', () => {
  const server = { url: '{scheme}://{host}/api/', variables: [{ name: 'scheme', default: 'https', enum: ['http', 'https'] }, { name: 'host', default: 'localhost:8080' }] };
  assert.equal(serverUrlOf(server, {}), 'https://localhost:8080/api');
  assert.equal(serverUrlOf(server, { host: 'example.org', scheme: 'http' }), 'http://example.org/api');
  assert.equal(serverUrlOf({ url: '{unknown}/x' }, {}), '{unknown}/x', 'a variable the server does not declare stays as written');
});

test('path, query (arrays exploded) and header parameters; empty ones are left out', () => {
  const request = buildRequest({
    ...base,
    parameters: [
      { parameter: parameter('itemId', 'path'), value: 'a b/c' },
      { parameter: parameter('tags', 'query', 'string[]'), value: 'red, blue,' },
      { parameter: parameter('q', 'query'), value: 'x&y' },
      { parameter: parameter('page', 'query'), value: '' },
      { parameter: parameter('x-trace', 'header'), value: 't1' },
      { parameter: parameter('x-empty', 'header'), value: '' },
    ],
  });
  assert.equal(request.url, 'https://api.example/v2/items/a%20b%2Fc?tags=red&tags=blue&q=x%26y');
  assert.equal(request.method, 'GET');
  assert.deepEqual(request.headers, [['x-trace', 't1']]);
  assert.equal(request.body, undefined);
  assert.equal(request.credentials, 'omit');
});

test('a relative server URL is relative to the OpenAPI document', () => {
  assert.equal(buildRequest({ ...base, server: '/api', path: '/ping' }).url, 'https://docs.example/api/ping');
  assert.equal(buildRequest({ ...base, server: '', path: '/ping' }).url, 'https://docs.example/ping');
});

test('credentials: API key in a header or the query, bearer and basic in Authorization, a cookie by the browser', () => {
  const request = buildRequest({
    ...base,
    path: '/ping',
    credentials: [
      { credential: { kind: 'apiKey', in: 'header', name: 'X-Key' }, value: 'k1' },
      { credential: { kind: 'apiKey', in: 'query', name: 'key' }, value: 'k2' },
      { credential: { kind: 'bearer' }, value: 'tok' },
      { credential: { kind: 'basic' }, value: 'zoë', password: 'pa:ss' },
      { credential: { kind: 'apiKey', in: 'cookie', name: 'sid' }, value: '' },
    ],
  });
  assert.equal(request.url, 'https://api.example/v2/ping?key=k2');
  assert.deepEqual(request.headers, [
    ['X-Key', 'k1'],
    ['Authorization', 'Bearer tok'],
    ['Authorization', `Basic ${Buffer.from('zoë:pa:ss').toString('base64')}`],
  ]);
  assert.equal(request.credentials, 'include', 'a cookie scheme sends the cookies the browser holds for the server');
  assert.deepEqual(buildRequest({ ...base, credentials: [{ credential: { kind: 'bearer' }, value: '' }] }).headers, [], 'an empty credential is not sent');
});

test('the body goes with its content type, except on GET and HEAD', () => {
  const post = buildRequest({ ...base, method: 'post', body: { mediaType: 'application/json', text: '{"a":1}' } });
  assert.equal(post.body, '{"a":1}');
  assert.deepEqual(post.headers, [['Content-Type', 'application/json']]);
  assert.equal(buildRequest({ ...base, method: 'post', body: { mediaType: 'application/json', text: '' } }).body, undefined);
  assert.equal(buildRequest({ ...base, method: 'get', body: { mediaType: 'application/json', text: '{}' } }).body, undefined);
});
