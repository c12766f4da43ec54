import type { SiteConfig } from '../config/schema';
import { log } from '../core/log';
import { brokenLinksError, formatBrokenLink, type LinkCheckResult, type LinkProblem } from './check-links';

export type LinkPolicy = SiteConfig['onBrokenLinks'];

/**
 * Applies the config's policy: broken links throw or warn; links that work on some hosts only always warn.
 * `docsite dev` passes 'warn' for both: the author is in the middle of writing.
 */
export function applyLinkPolicy({ broken, warnings }: Pick<LinkCheckResult, 'broken' | 'warnings'>, onBrokenLinks: LinkPolicy, onBrokenAnchors: LinkPolicy, report: (message: string, link: LinkProblem) => void = (message) => log.warn(message)): void {
  const policyOf = (kind: string) => (kind === 'anchor' ? onBrokenAnchors : onBrokenLinks);
  const fatal = broken.filter((link) => policyOf(link.kind) === 'throw');
  if (fatal.length) throw brokenLinksError(fatal);
  for (const link of broken) {
    if (policyOf(link.kind) === 'warn') report(`broken ${link.kind}: ${formatBrokenLink(link)}`, link);
  }
  if (onBrokenLinks !== 'ignore') for (const link of warnings) report(formatBrokenLink(link), link);
}
