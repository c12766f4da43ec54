import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkFileFor, chunkNameFor, jsLiteral, replaceOnce, staticRouteChunkText } from '../../src/bundle/static-route-chunks';

// A page with static content gets a chunk docsite writes (bundle/static-route-chunks.ts): its frame called with its
// data and its content's URL. The data is printed as a JavaScript literal that evaluates to the JSON's value.

test('data is printed as a literal that evaluates to the same value, as esbuild minifies one', () => {
  const data = { kind: 'doc', title: 'Quotes " and \\ and </script> and \u2028', n: 1.5, neg: -2, ok: true, no: false, none: null, list: [1, 'two', { 'not-bare': 3, $ok: 4 }], skipped: undefined, '0': 'numeric key', when: new Date(0) };
  const text = jsLiteral(data);
  assert.match(text, /^\{"0":"numeric key",kind:"doc",/);
  assert.match(text, /ok:!0,no:!1,none:null/);
  assert.match(text, /"not-bare":3,\$ok:4/);
  assert.doesNotMatch(text, /skipped/);
  assert.deepEqual(new Function(`return ${text};`)(), JSON.parse(JSON.stringify(data)));
  assert.equal(jsLiteral([undefined, () => 1]), '[null,null]');
});

test("a chunk imports its frame and calls it; with a data module, it imports the data", () => {
  const chunk = { stem: 'assets/routes/docs-intro', frameUrl: '/base/assets/routes/frame-ab-AAAAAAAA.js', data: { id: 'intro' }, contentUrl: '/base/assets/content/x.html' };
  assert.equal(staticRouteChunkText(chunk), 'import f from"/base/assets/routes/frame-ab-AAAAAAAA.js";export default f({id:"intro"},"/base/assets/content/x.html");\n');
  assert.equal(staticRouteChunkText({ ...chunk, dataUrl: '/base/assets/data/d.js' }), 'import f from"/base/assets/routes/frame-ab-AAAAAAAA.js";import d from"/base/assets/data/d.js";export default f(d,"/base/assets/content/x.html");\n');
});

test('a chunk is named by its text, and renamed after a patch as a full build names it', () => {
  const before = staticRouteChunkText({ stem: 'assets/routes/docs-intro', frameUrl: '/f.js', data: {}, contentUrl: '/assets/content/old.html' });
  const file = chunkFileFor('assets/routes/docs-intro', before);
  assert.match(file, /^assets\/routes\/docs-intro-[A-Z2-7]{8}\.js$/);
  const after = replaceOnce(before, '"/assets/content/old.html"', '"/assets/content/new.html"')!;
  assert.equal(after, staticRouteChunkText({ stem: 'assets/routes/docs-intro', frameUrl: '/f.js', data: {}, contentUrl: '/assets/content/new.html' }));
  assert.equal(chunkNameFor(file, after), chunkFileFor('assets/routes/docs-intro', after));
  assert.notEqual(chunkNameFor(file, after), file);
  assert.equal(replaceOnce('"a" "a"', '"a"', '"b"'), undefined, 'a URL found twice is not patched');
});
