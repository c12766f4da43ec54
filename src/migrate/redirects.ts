import { isRecord } from '../shared/is-record';
import { aStringList, carry } from './carry';
import type { ContentPlugin } from './content-plugins';
import type { WarningList } from './warnings';

// `@docusaurus/plugin-client-redirects` becomes the config's `redirects`, whose options are the plugin's: the rules
// as they are, the extension lists, and `createRedirects` copied as its source text (a function of the path alone,
// as the plugin's documentation writes them; one that reads variables around it needs them brought along).

export function mapRedirects(plugin: ContentPlugin | undefined, warnings: WarningList): Record<string, unknown> | undefined {
  if (!plugin) return undefined;
  const { options } = plugin;
  const where = `${plugin.where}.`;
  const redirects: Record<string, unknown> = {};
  const rules = Array.isArray(options.redirects) ? options.redirects : [];
  const kept = rules.filter((rule): rule is { from: string | string[]; to: string } => isRecord(rule) && typeof rule.to === 'string' && (typeof rule.from === 'string' || (Array.isArray(rule.from) && rule.from.length > 0 && rule.from.every((from) => typeof from === 'string'))));
  if (kept.length < rules.length) warnings.notCarried(`${where}redirects`, `${rules.length - kept.length} of its rules are not { from, to } with paths`);
  if (kept.length) redirects.redirects = kept.map(({ from, to }) => ({ from, to }));
  carry(options, redirects, 'fromExtensions', aStringList, where, warnings);
  carry(options, redirects, 'toExtensions', aStringList, where, warnings);
  if (typeof options.createRedirects === 'function') {
    // The function itself: the config is validated with it, and written as its source (serialize.ts).
    redirects.createRedirects = options.createRedirects;
    warnings.add(`${where}createRedirects is copied as it is written: check that it needs nothing else of docusaurus.config`, `${where}createRedirects`);
  }
  warnings.unhandledKeys(options, ['id', 'redirects', 'fromExtensions', 'toExtensions', 'createRedirects'], where);
  return Object.keys(redirects).length ? redirects : undefined;
}
