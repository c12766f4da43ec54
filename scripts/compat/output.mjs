// Reading what `docsite migrate` and `docsite build` print: page counts by kind, warnings grouped by a
// short kind, and the first lines of an error, with machine paths taken out.

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export function stripAnsi(text) {
  return text.replace(ANSI, '');
}

// The plural names src/pipeline/page-count.ts prints, by page kind (singular forms end without the s).
const KIND_NAMES = {
  doc: ['doc', 'docs'],
  generatedIndex: ['category index', 'category indexes'],
  docsTags: ['docs tag list', 'docs tag lists'],
  docsTagDocs: ['docs tag page', 'docs tag pages'],
  blogPost: ['blog post', 'blog posts'],
  blogList: ['blog list page', 'blog list pages'],
  blogTagPosts: ['blog tag page', 'blog tag pages'],
  blogTags: ['blog tag list', 'blog tag lists'],
  blogAuthorPosts: ['blog author page', 'blog author pages'],
  blogAuthors: ['blog author list', 'blog author lists'],
  blogArchive: ['blog archive', 'blog archives'],
  page: ['standalone page', 'standalone pages'],
  apiIntro: ['API introduction', 'API introductions'],
  apiOperation: ['API operation', 'API operations'],
  apiSchema: ['API schema', 'API schemas'],
  search: ['search page', 'search pages'],
  notFound: ['not-found page', 'not-found pages'],
  redirect: ['redirect', 'redirects'],
};

/** `pages:  55 docs, 3 redirects, ...` from the build's summary -> { doc: 55, redirect: 3, ... }; undefined if absent. */
export function parsePageKinds(stdout) {
  const line = stripAnsi(stdout)
    .split('\n')
    .find((l) => /^\s*pages:\s/.test(l));
  if (!line) return undefined;
  const byKind = {};
  for (const part of line.replace(/^\s*pages:\s*/, '').split(',')) {
    const match = /^\s*(\d+)\s+(.+?)\s*$/.exec(part);
    if (!match) continue;
    const name = match[2];
    const kind = Object.keys(KIND_NAMES).find((k) => KIND_NAMES[k].includes(name));
    byKind[kind ?? name] = Number(match[1]);
  }
  const total = /Built (\d+) pages/.exec(stripAnsi(stdout));
  return { total: total ? Number(total[1]) : undefined, byKind };
}

// A warning's kind: the first pattern its text matches, else its first words with names taken out.
const WARNING_KINDS = [
  [/not carried over/i, 'not carried over'],
  [/stand-ins? for packages/i, 'stand-in packages'],
  [/no translations in i18n/i, 'untranslated locales'],
  [/is not provided by docsite|not provided/i, 'not provided'],
  [/no loader is configured/i, 'no loader'],
  [/is not installed/i, 'package not installed'],
  [/does not exist/i, 'missing file'],
  [/^broken link/i, 'broken link'],
  [/^broken anchor/i, 'broken anchor'],
  [/case-insensitive paths|works only on hosts|on some hosts/i, 'host-dependent link'],
  [/<!-- truncate -->/i, 'untruncated post'],
  [/category shorthands?/i, 'sidebar shorthand'],
  [/holds HTML/i, 'HTML as text'],
  [/is flattened/i, 'navbar flattened'],
  [/is written as/i, 'value rewritten'],
  [/no longer used/i, 'config shadowed'],
  [/openapi|\bapi\./i, 'openapi'],
  [/front matter/i, 'front matter'],
  [/sidebar/i, 'sidebar'],
];

/** The message of a warning line without its `file:line:column:` head. */
function warningText(line) {
  return line.replace(/^warning\s+/, '').replace(/^[^\s:]+(?::\d+){0,2}:\s+/, '');
}

export function warningKind(line) {
  const text = warningText(line);
  for (const [pattern, kind] of WARNING_KINDS) if (pattern.test(text)) return kind;
  return text
    .replace(/`[^`]*`|"[^"]*"|'[^']*'|\S*[/\\.]\S*|\d+/g, ' ')
    .replace(/[^A-Za-z\s-]/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(0, 4)
    .join(' ')
    .toLowerCase() || 'other';
}

/** Warning lines of a command's output (stdout and stderr) -> { kind: count } and the lines themselves. */
export function collectWarnings(text) {
  const lines = stripAnsi(text)
    .split('\n')
    .filter((l) => /^warning\s/.test(l));
  const byKind = {};
  for (const line of lines) {
    const kind = warningKind(line);
    byKind[kind] = (byKind[kind] ?? 0) + 1;
  }
  return { byKind, lines };
}

/** The first lines of the error a failed command printed (its `error` line and what follows), else its last lines. */
export function errorExcerpt(text, max = 40) {
  const lines = stripAnsi(text)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.length > 0);
  const start = lines.findIndex((l) => /^(error\b|✘|\[ERROR\]|Error:|TypeError|ReferenceError|SyntaxError)/.test(l.trim()));
  const picked = start >= 0 ? lines.slice(start, start + max) : lines.slice(-max);
  return picked.map((l) => (l.length > 400 ? `${l.slice(0, 400)}...` : l));
}

/** Replaces machine paths (temp folders, the repository, the home folder) in printed text with placeholders. */
export function sanitizer(replacements) {
  const pairs = replacements.filter(([from]) => from && from.length > 1).sort((a, b) => b[0].length - a[0].length);
  return (text) => {
    let out = text;
    for (const [from, to] of pairs) out = out.split(from).join(to);
    return out;
  };
}
