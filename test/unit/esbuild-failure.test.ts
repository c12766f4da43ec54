import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { after, test } from 'node:test';
import { esbuildFailure } from '../../src/config/module-loader';
import { makeSite, removeSite } from '../helpers';

// esbuild names a file relative to its build's working folder; docsite names it relative to the site folder,
// whichever folder docsite was started from, so the error reads the same from every stage and gets its code frame.

const dir = makeSite({ 'pages/broken.tsx': 'export default function Broken() {\n  return <h1>x</h2>;\n}\n' }, null);
after(() => removeSite(dir));

const failure = (file: string, namespace = 'file') => ({
  errors: [
    { text: 'Unexpected closing "h2" tag does not match opening "h1" tag', location: { file, namespace, line: 2, column: 16, length: 2, lineText: '', suggestion: '' } },
    { text: 'second', location: { file, namespace, line: 3, column: 0, length: 1, lineText: '', suggestion: '' } },
  ],
});

test('a file named relative to the working folder is named relative to the site folder', () => {
  const error = esbuildFailure(failure(relative(process.cwd(), `${dir}/pages/broken.tsx`)), dir, 'pages/broken.tsx', process.cwd());
  assert.equal(error.where, 'pages/broken.tsx:2:17');
  assert.deepEqual(error.details, ['pages/broken.tsx:3:1 second']);
});

test('without the working folder, the folder the file is found in is taken', () => {
  assert.equal(esbuildFailure(failure(relative(process.cwd(), `${dir}/pages/broken.tsx`)), dir, 'x').where, 'pages/broken.tsx:2:17');
  assert.equal(esbuildFailure(failure('pages/broken.tsx'), dir, 'x').where, 'pages/broken.tsx:2:17');
});

test('a module of a plugin namespace keeps its name; a site-relative fallback file is kept as it is', () => {
  assert.equal(esbuildFailure(failure('docsite:route:/docs/a', 'docsite'), dir, 'x', process.cwd()).where, 'docsite:route:/docs/a:2:17');
  assert.equal(esbuildFailure(new Error('boom'), dir, 'pages/broken.tsx', process.cwd()).where, 'pages/broken.tsx');
  assert.equal(esbuildFailure(new Error('boom'), dir, `${dir}/pages/broken.tsx`).where, 'pages/broken.tsx');
});
