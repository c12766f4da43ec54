import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractLinks } from '../../src/links/check-links';
import { HrefNumbers } from '../../src/pipeline/href-numbers';

// A render worker numbers the hrefs it sends (src/pipeline/href-numbers.ts). Whatever shortcut it takes, the numbers
// must be those of numbering each page's hrefs (extractLinks') in order of first appearance, each href sent once.

/** The plain numbering: a map lookup of every href. */
function referenceNumbers() {
  const numbers = new Map<string, number>();
  return (html: string, newHrefs: string[]) =>
    extractLinks(html).hrefs.map((href) => {
      let number = numbers.get(href);
      if (number === undefined) {
        numbers.set(href, (number = numbers.size));
        newHrefs.push(href);
      }
      return number;
    });
}

const page = (...hrefs: string[]) => `<nav>${hrefs.map((href) => `<a class="sidebar-link" href="${href}">x</a>`).join('')}</nav><h2 id="h">x</h2>`;

/** Both numberings over the same pages in batches: the same numbers, and the same new hrefs sent with each batch. */
function assertSameNumbers(batches: string[][]): void {
  const numbers = new HrefNumbers();
  const reference = referenceNumbers();
  for (const batch of batches) {
    const sent: string[] = [];
    const expectedSent: string[] = [];
    const got = batch.map((html) => numbers.page(html, sent));
    const expected = batch.map((html) => reference(html, expectedSent));
    assert.deepEqual(got, expected, batch.join('\n'));
    assert.deepEqual(sent, expectedSent);
  }
}

test('pages of one sidebar, with their own links before and after it, some lacking or adding links', () => {
  const sidebar = Array.from({ length: 30 }, (_, index) => `/docs/s/${index}`);
  assertSameNumbers([
    [page('/', ...sidebar, '/docs/own-1', '#h'), page('/', ...sidebar, '/docs/own-2', '#h', '/docs/s/3')],
    [page('/', '/extra', ...sidebar, '#h'), page(...sidebar.slice(5), '/'), page('/', ...sidebar.slice(0, 10), ...sidebar.slice(20))],
    [page(...[...sidebar].reverse()), page(), page('/', ...sidebar), page('/', '/', ...sidebar, ...sidebar)],
  ]);
});

test('an href written with entities or without is one href, numbered and sent once', () => {
  assertSameNumbers([
    [page('/q?a=1&amp;b=2', '/it&#x27;s', '/x'), page('/q?a=1&b=2', "/it's", '/x'), page('/q?a=1&amp;b=2', '/it&#39;s', '/x')],
    [page('/q?a=1&amp;amp;b=2', '/q?a=1&b=2'), page('&lt;&gt;&quot;', '<>&quot;')],
    // A page's href written as the previous page's href decodes: another href.
    [page('/a&amp;amp;b', '/c'), page('/a&amp;b', '/c'), page('/a&amp;amp;b', '/c')],
  ]);
});

test('the same numbers as the plain numbering on pages edited at random from one to the next', () => {
  let seed = 11;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  // Some hrefs written with entities, some the same hrefs without, some another href written as one of those decodes.
  const spellings = (index: number) => [`/docs/q?a=${index}&amp;b`, `/docs/q?a=${index}&b`, `/docs/q?a=${index}&amp;amp;b`];
  const pool = Array.from({ length: 60 }, (_, index) => (index % 9 < 3 ? spellings(index - (index % 9))[index % 9]! : `/docs/p${index}`));
  let hrefs = pool.slice(0, 25);
  const batches: string[][] = [];
  for (let batch = 0; batch < 40; batch++) {
    const pages: string[] = [];
    for (let count = 1 + random(5); count > 0; count--) {
      hrefs = [...hrefs];
      for (let edits = random(4); edits > 0; edits--) {
        const at = random(hrefs.length + 1);
        const edit = random(3);
        if (edit === 0) hrefs.splice(at, 0, pool[random(pool.length)]!);
        else if (edit === 1) hrefs.splice(at, 1 + random(3));
        else hrefs = [...hrefs.slice(at), ...hrefs.slice(0, at)];
      }
      pages.push(page(...hrefs));
    }
    batches.push(pages);
  }
  assertSameNumbers(batches);
});
