import type { LinkCheckResult, LinkProblem } from './check-links';

/**
 * The link checks of a site's locales as one. A file not translated yet is the same file in every locale, with the
 * same broken link: reported once, with how many locales have it and the first locale's href (the default's).
 * `base`: each locale's base URL; `siteBase`: the default locale's, which an href is compared under.
 */
export function mergeLocaleChecks(locales: Array<{ result: LinkCheckResult; base: string }>, siteBase: string): LinkCheckResult {
  if (locales.length === 1) return locales[0]!.result;
  const merge = (pick: (result: LinkCheckResult) => LinkProblem[]): LinkProblem[] => {
    const seen = new Map<string, { problem: LinkProblem; count: number }>();
    for (const { result, base } of locales) {
      for (const problem of pick(result)) {
        const href = problem.href.startsWith(base) ? siteBase + problem.href.slice(base.length) : problem.href;
        const key = [problem.source, problem.line, problem.column, problem.kind, problem.page, href].join('\0');
        const entry = seen.get(key);
        if (entry) entry.count++;
        else seen.set(key, { problem, count: 1 });
      }
    }
    return [...seen.values()].map(({ problem, count }) => (count > 1 ? { ...problem, reason: `${problem.reason}; in ${count} locales` } : problem));
  };
  return {
    pages: locales.reduce((sum, { result }) => sum + result.pages, 0),
    links: locales.reduce((sum, { result }) => sum + result.links, 0),
    broken: merge((result) => result.broken),
    warnings: merge((result) => result.warnings),
    external: locales.flatMap(({ result }) => result.external),
  };
}
