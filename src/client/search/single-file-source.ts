import lunr from 'lunr';
import type { PackedSearchIndex, SearchDoc, SearchVersion } from '../../shared/search';
import type { SearchSource } from './engine';
import { ENGLISH, type QueryLanguage } from './languages';
import { unpackSearchIndex } from './unpack';

// A small site's search: the whole index and every document, in the two files the build writes for it.

export function singleFileSource(docs: SearchDoc[], index: lunr.Index, { language = ENGLISH, versions }: { language?: QueryLanguage; versions?: SearchVersion[] } = {}): SearchSource {
  // Page numbers by ref: documents of one page are consecutive, and share their URL up to the anchor.
  const pages = new Int32Array(docs.length);
  let page = -1;
  let lastUrl: string | undefined;
  docs.forEach((doc, ref) => {
    const url = doc.u.split('#')[0]!;
    if (url !== lastUrl) page++;
    lastUrl = url;
    pages[ref] = page;
  });
  const ready = Promise.resolve(index);
  return {
    language,
    ...(versions ? { versions } : {}),
    indexFor: () => ready,
    pageOf: (ref) => pages[ref] ?? -1,
    versionOf: (ref) => docs[ref]?.v,
    loadDocs: () => Promise.resolve(),
    doc: (ref) => docs[ref],
  };
}

/** The source over a packed index file and its documents file, as the build writes them. */
export function packedSource(docs: SearchDoc[], packed: PackedSearchIndex, language: QueryLanguage): SearchSource {
  return singleFileSource(docs, lunr.Index.load(unpackSearchIndex(packed, lunr.version)), { language, ...(packed.versions ? { versions: packed.versions } : {}) });
}
