import assert from 'node:assert/strict';
import { test } from 'node:test';
import lunr from 'lunr';
import { packSearchIndex } from '../../src/search/search-index';
import { createEngine, memoryShardedSource } from './helpers/search-engine';
import { search } from '../../src/client/search/engine';
import { excerpt } from '../../src/client/search/excerpt';
import { languageOfPipeline, loadQueryLanguage } from '../../src/client/search/languages';
import { unpackSearchIndex } from '../../src/client/search/unpack';
import { cjkTermsOf } from '../../src/shared/cjk';
import { pipelineNamesOf, searchLanguageOf, STEMMED_LANGUAGES, type StemmedLanguage } from '../../src/shared/search-language';
import type { SearchDoc } from '../../src/shared/search';

// Search in the site's language: the build indexes with the language's stemmer, stop words or CJK bigrams, and the
// browser reads the language off the index file and treats queries the same way.

const doc = (t: string, b: string): SearchDoc => ({ t, b, u: `/docs/${encodeURIComponent(t)}`, k: 'doc' });

/**
 * An engine as the browser makes it: the packed file through JSON, the language loaded from its pipeline names. Each
 * query also runs on the same index cut into shards, as a big site's is, which must answer alike.
 */
async function engineFor(docs: SearchDoc[], language: string) {
  const packed = JSON.parse(JSON.stringify(packSearchIndex(docs, { language }))) as ReturnType<typeof packSearchIndex>;
  const queryLanguage = await loadQueryLanguage(packed.pipeline);
  const single = createEngine(docs, lunr.Index.load(unpackSearchIndex(packed, lunr.version)), { language: queryLanguage });
  const { source: sharded } = memoryShardedSource({ docs, index: packed }, queryLanguage);
  const engine = {
    excerpt: single.excerpt,
    async search(query: string) {
      const result = await single.search(query);
      assert.deepEqual(await search(sharded, query), result, `the sharded index answers ${JSON.stringify(query)} alike`);
      return result;
    },
  };
  return { packed, engine };
}

const titles = (result: { pages: { title: string }[] }) => result.pages.map((page) => page.title);

test('locale codes map to search languages; each language names its pipeline and is read back from it', async () => {
  assert.equal(searchLanguageOf('en'), 'en');
  assert.equal(searchLanguageOf('en-GB'), 'en');
  assert.equal(searchLanguageOf('fr'), 'fr');
  assert.equal(searchLanguageOf('pt-BR'), 'pt');
  assert.equal(searchLanguageOf('nb'), 'no');
  assert.equal(searchLanguageOf('zh-Hans'), 'cjk');
  assert.equal(searchLanguageOf('ja'), 'cjk');
  assert.equal(searchLanguageOf('ko'), 'cjk');
  assert.equal(searchLanguageOf('he'), 'plain');
  assert.equal(searchLanguageOf('constructor'), 'plain', 'only the table’s own keys');
  assert.deepEqual(pipelineNamesOf('en'), ['trimmer', 'stopWordFilter', 'stemmer']);
  for (const language of ['en', 'fr', 'de', 'ru', 'cjk', 'plain'] as const) assert.equal(languageOfPipeline(pipelineNamesOf(language)), language);
  assert.throws(() => languageOfPipeline(['stemmer-xx']), /unknown pipeline/);
});

test('every stemmed language loads in the browser and stems', async () => {
  for (const language of Object.keys(STEMMED_LANGUAGES) as StemmedLanguage[]) {
    const query = await loadQueryLanguage(pipelineNamesOf(language));
    assert.equal(query.termsOf('documentation').length, 1, language);
  }
});

test('English indexes exactly as lunr does by default', async () => {
  const packed = packSearchIndex([doc('Running', 'The runner runs quickly.')]);
  assert.deepEqual(packed.pipeline, ['trimmer', 'stopWordFilter', 'stemmer']);
  assert.deepEqual(packed.terms, ['quickli', 'run', 'runner']);
  assert.equal('versions' in packed, false);
});

test('French: plural and singular meet at their stem, stop words and elisions are left out', async () => {
  const docs = [
    doc('Le chat', 'Le chat dort sur le canapé.'),
    doc('Installation', "L'installation du serveur prend cinq minutes."),
    doc('Chiens', 'Les chiens aboient.'),
  ];
  const { packed, engine } = await engineFor(docs, 'fr');
  assert.deepEqual(packed.pipeline, ['stopWordFilter-fr', 'stemmer-fr']);
  assert.ok(!packed.terms.includes('le') && !packed.terms.includes('les'), 'stop words are not indexed');
  assert.ok(!packed.terms.some((term) => term.includes("'")), 'elisions are split off');
  assert.deepEqual(titles((await engine.search('chats'))), ['Le chat']);
  assert.deepEqual(titles((await engine.search('installer'))), ['Installation']);
  assert.deepEqual(titles((await engine.search('serveurs'))), ['Installation']);
  assert.deepEqual(titles((await engine.search('chien'))), ['Chiens']);
  // Accented letters are part of words, not trimmed off their ends as lunr's English trimmer does.
  assert.deepEqual(titles((await engine.search('canapé'))), ['Le chat']);
});

test('German: inflected and compound-free forms meet at their stem', async () => {
  const docs = [doc('Häuser', 'Die Häuser der Stadt sind alt.'), doc('Einstellungen', 'Hier ändern Sie die Einstellungen der Datenbank.')];
  const { packed, engine } = await engineFor(docs, 'de');
  assert.deepEqual(packed.pipeline, ['stopWordFilter-de', 'stemmer-de']);
  assert.deepEqual(titles((await engine.search('Haus'))), ['Häuser']);
  assert.deepEqual(titles((await engine.search('Einstellung'))), ['Einstellungen']);
  assert.deepEqual(titles((await engine.search('Datenbanken'))), ['Einstellungen']);
  assert.ok(!packed.terms.includes('die'), 'German stop words are not indexed');
});

test('CJK text is cut into bigrams, Latin words inside it stay words', async () => {
  assert.deepEqual(cjkTermsOf('数据库'), ['数据', '据库']);
  assert.deepEqual(cjkTermsOf('用docker部署'), ['用', 'docker', '部署']);
  assert.deepEqual(cjkTermsOf('データベース'), ['デー', 'ータ', 'タベ', 'ベー', 'ース']);
  assert.deepEqual(cjkTermsOf('데이터베이스를'), ['데이', '이터', '터베', '베이', '이스', '스를']);
});

test('Chinese: a three-character word is found inside a longer sentence, the whole word first', async () => {
  const docs = [
    doc('备份', '我们建议每天备份数据库以防止数据丢失。'),
    doc('数据', '这些数据来自用户。'),
    doc('部署', '使用 Docker 部署服务器很简单。'),
  ];
  const { packed, engine } = await engineFor(docs, 'zh-Hans');
  assert.deepEqual(packed.pipeline, ['bigrams-cjk', 'stemmer']);
  assert.deepEqual(titles((await engine.search('数据库'))), ['备份', '数据']);
  assert.deepEqual(titles((await engine.search('服务器'))), ['部署']);
  assert.deepEqual(titles((await engine.search('docker'))), ['部署']);
  // The matched characters are marked inside the sentence, which has no spaces around them.
  const marked = engine.excerpt(docs[0]!.b, ['数据库']).filter((part) => part.mark).map((part) => part.text);
  assert.deepEqual(marked, ['数据库', '数据']);
});

test('Japanese: a word in katakana or kanji is found inside a sentence', async () => {
  const docs = [
    doc('設定', 'データベースの接続設定を変更するには、設定ファイルを編集します。'),
    doc('概要', 'このガイドではインストール方法を説明します。'),
  ];
  const { engine } = await engineFor(docs, 'ja');
  assert.deepEqual(titles((await engine.search('データベース'))), ['設定']);
  assert.deepEqual(titles((await engine.search('接続設定'))), ['設定']);
  assert.deepEqual(titles((await engine.search('インストール'))), ['概要']);
  assert.deepEqual(titles((await engine.search('説明'))), ['概要']);
});

test('a language without a stemmer indexes words as written', async () => {
  const { packed, engine } = await engineFor([doc('Pomoc', 'Dokumentacja serwera.')], 'pl');
  assert.deepEqual(packed.pipeline, []);
  assert.deepEqual(titles((await engine.search('serwera'))), ['Pomoc']);
  assert.deepEqual(titles((await engine.search('serw'))), ['Pomoc']);
});

test('excerpts keep English behaviour and mark CJK terms without word boundaries', async () => {
  assert.deepEqual(excerpt('Run a backup first.', ['back']), [
    { text: 'Run a ', mark: false },
    { text: 'backup', mark: true },
    { text: ' first.', mark: false },
  ]);
  assert.deepEqual(excerpt('rollback', ['back']), [{ text: 'rollback', mark: false }]);
  const long = `${'这是一个很长的句子'.repeat(10)}数据库${'这是一个很长的句子'.repeat(10)}`;
  const parts = excerpt(long, ['数据库']);
  assert.ok(parts.some((part) => part.mark && part.text === '数据库'));
  assert.ok(parts.map((part) => part.text).join('').length > 100, 'a window without spaces is not cut at a space');
});
