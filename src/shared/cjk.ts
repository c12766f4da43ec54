// Chinese, Japanese and Korean text has no spaces between words. Search cuts its runs of CJK characters into
// overlapping pairs (bigrams) to index and query them, and the excerpts mark them without word boundaries; the
// excerpt code loads on its own (with the page a search hit opens), so these helpers live apart from the rest of
// the search languages.

const CJK_RUN = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]+/u;

/** A word cut into its runs of CJK characters and the rest (`用docker部署`: `用`, `docker`, `部署`). */
export function cjkRunsOf(word: string): { text: string; cjk: boolean }[] {
  const runs: { text: string; cjk: boolean }[] = [];
  let rest = word;
  while (rest) {
    const run = CJK_RUN.exec(rest);
    if (!run) {
      runs.push({ text: rest, cjk: false });
      break;
    }
    if (run.index > 0) runs.push({ text: rest.slice(0, run.index), cjk: false });
    runs.push({ text: run[0], cjk: true });
    rest = rest.slice(run.index + run[0].length);
  }
  return runs;
}

/** The terms of one word of CJK text: each run of CJK characters as its bigrams (a lone character as itself), the rest as words. */
export function cjkTermsOf(word: string): string[] {
  const terms: string[] = [];
  for (const { text, cjk } of cjkRunsOf(word)) {
    const chars = [...text];
    if (!cjk || chars.length === 1) terms.push(text);
    else for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
  }
  return terms;
}

/** Whether a text holds CJK characters. */
export function hasCjk(text: string): boolean {
  return CJK_RUN.test(text);
}
