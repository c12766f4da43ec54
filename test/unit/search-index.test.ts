import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import lunr from 'lunr';
import { packSearchIndex, SEARCH_FIELDS } from '../../src/search/search-index';
import { withinOneEdit } from '../../src/client/search/engine';
import { createEngine } from './helpers/search-engine';
import { unpackSearchIndex } from '../../src/client/search/unpack';
import type { SearchDoc } from '../../src/shared/search';
import { ROOT } from '../helpers';

/** Real prose: every section of the bundled Memora docs, split at its h2 headings. */
function memoraSections(): SearchDoc[] {
  const dir = join(ROOT, 'content', 'docs');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.mdx?$/.test(file));
  assert.ok(files.length >= 5);
  const edgeCases: SearchDoc = { t: 'Edge — cases', h: '...', u: '/edge', b: '... -- foo-bar ¿qué? 日本語 “quoted” x86_64 ——  a-b-c  the THE Running runs', k: 'doc' };
  return [edgeCases, ...files.flatMap((file) => {
    const [intro, ...sections] = readFileSync(join(dir, file), 'utf8').split(/^## /m);
    const title = /^title: (.*)$/m.exec(intro!)?.[1] ?? file;
    const url = `/docs/${file.replace(/\.mdx?$/, '')}`;
    return [
      { t: title, u: url, b: intro!, k: 'doc' },
      ...sections.map((section) => {
        const [heading, ...body] = section.split('\n');
        return { t: title, h: heading!, u: `${url}#${heading!.toLowerCase().replace(/\W+/g, '-')}`, b: body.join('\n'), k: 'doc' };
      }),
    ];
  })];
}

function nativeIndex(docs: SearchDoc[]): lunr.Index {
  return lunr(function () {
    this.ref('i');
    for (const [name, boost] of SEARCH_FIELDS) this.field(name, { boost });
    docs.forEach((doc, i) => this.add({ i: String(i), t: doc.t, h: doc.h ?? '', b: doc.b }));
  });
}

const packedIndex = (docs: SearchDoc[]) => lunr.Index.load(unpackSearchIndex(JSON.parse(JSON.stringify(packSearchIndex(docs))), lunr.version));

/** fieldRef -> term -> score, independent of the term numbering each index chose. */
function vectorsByTerm(json: { fieldVectors: [string, number[]][]; invertedIndex: [string, { _index: number }][] }) {
  const termOf = new Map(json.invertedIndex.map(([term, posting]) => [posting._index, term]));
  const result: Record<string, Record<string, number>> = {};
  for (const [ref, elements] of json.fieldVectors) {
    const scores: Record<string, number> = {};
    for (let i = 0; i < elements.length; i += 2) scores[termOf.get(elements[i]!)!] = elements[i + 1]!;
    if (Object.keys(scores).length) result[ref] = scores;
  }
  return result;
}

test('the packed index unpacks to the same postings and field vectors lunr builds itself', async () => {
  const docs = memoraSections();
  const native = JSON.parse(JSON.stringify(nativeIndex(docs))) as ReturnType<typeof unpackSearchIndex>;
  const unpacked = JSON.parse(JSON.stringify(unpackSearchIndex(packSearchIndex(docs), lunr.version))) as ReturnType<typeof unpackSearchIndex>;
  assert.deepEqual(
    unpacked.invertedIndex.map(([term, { _index, ...fields }]) => [term, fields]),
    native.invertedIndex.map(([term, { _index, ...fields }]) => [term, fields]),
  );
  assert.deepEqual(vectorsByTerm(unpacked), vectorsByTerm(native));
});

test('queries score identically on the packed and the native index', async () => {
  const docs = memoraSections();
  const native = nativeIndex(docs);
  const packed = packedIndex(docs);
  for (const query of ['docker', 'backup restore', 'postgres*', 'enviroment~1', 't:memora', 'upload photos phone']) {
    const simplify = (results: lunr.Index.Result[]) => results.map(({ ref, score }) => [ref, score.toFixed(9)]);
    assert.deepEqual(simplify(packed.search(query)), simplify(native.search(query)), query);
  }
});

test('the packed file is much smaller than lunr JSON', async () => {
  const docs = memoraSections();
  const packed = JSON.stringify(packSearchIndex(docs)).length;
  const native = JSON.stringify(nativeIndex(docs)).length;
  assert.ok(packed < native * 0.6, `packed ${packed} bytes vs lunr ${native}`);
});

const doc = (t: string, b: string, h?: string): SearchDoc => ({ t, b, u: `/docs/${t.toLowerCase().replace(/\W+/g, '-')}${h ? `#${h.toLowerCase()}` : ''}`, k: 'doc', ...(h ? { h } : {}) });

test('sections that match every word of the query come first, then by score', async () => {
  const docs = [
    doc('Storage', 'Backup backup backup backup. Backups of backups keep the backup backed up.'),
    doc('Docker only', 'Docker runs the containers.'),
    doc('Both', 'Run a backup of the Docker volumes before an upgrade. There is a lot of other text here about many things.'),
  ];
  const engine = createEngine(docs, packedIndex(docs));
  const { pages } = (await engine.search('docker backup'));
  assert.equal(pages[0]!.title, 'Both');
  // One word: plain lunr order, the dense page first.
  assert.equal((await engine.search('backup')).pages[0]!.title, 'Storage');
  // Stop words do not count against coverage, prefixes and typos do count.
  assert.equal((await engine.search('the dock backu')).pages[0]!.title, 'Both');
  assert.equal((await engine.search('dokcer backup')).pages[0]!.title, 'Both');
});

test('titles and headings rank above body text, prefixes and typos match', async () => {
  const docs = [doc('Albums', 'Share an album with a partner.'), doc('Sharing', 'Albums are collections.', 'Albums'), doc('Overview', 'Memora keeps albums in sync.')];
  const engine = createEngine(docs, packedIndex(docs));
  assert.deepEqual(
    (await engine.search('albums')).pages.map((page) => page.title),
    ['Albums', 'Sharing', 'Overview'],
  );
  assert.equal((await engine.search('alb')).pages.length, 3);
  assert.equal((await engine.search('partnr')).pages[0]?.title, 'Albums');
  assert.equal((await engine.search('part')).pages[0]?.title, 'Albums');
});

test('any text is a query: no exception, results or none', async () => {
  const docs = memoraSections();
  const engine = createEngine(docs, packedIndex(docs));
  for (const query of ['', '   ', '.*+?^${}()|[]\\', '"quoted" \'single\'', '<script>alert(1)</script>', 'a'.repeat(10_000), '📷 🎉', 'title:x', '-docker +backup', '~1 ^10 *', 'ß Ä 日本語']) {
    await assert.doesNotReject(() => engine.search(query), JSON.stringify(query.slice(0, 20)));
  }
  assert.ok((await engine.search('docker')).pages.length > 0);
});

test('one edit apart: insert, delete, substitute, swap', async () => {
  for (const [a, b] of [['photo', 'photos'], ['photos', 'photo'], ['photo', 'phato'], ['photo', 'hpoto'], ['photo', 'phoot'], ['photo', 'photo']] as const) assert.ok(withinOneEdit(a, b), `${a} ${b}`);
  for (const [a, b] of [['photo', 'phtoos'], ['photo', 'video'], ['photo', 'ph']] as const) assert.ok(!withinOneEdit(a, b), `${a} ${b}`);
});
