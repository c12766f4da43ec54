import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteDefinition } from '../routes';
import { serializeJson } from '../shared/html';
import type { SearchFiles } from '../shared/search';
import type { BuildRecord } from './build-record';
import type { PageReuse } from './render-stage';

// The previous build's pages whose key is this build's (build-record.ts pageKeyOf): everything their HTML is made of
// is unchanged but the names in their boot data, the route manifest's and the search files', which change from build
// to build. Those are put in place of the old ones, inside the boot data's <script> only; a page whose boot data does
// not hold the old names exactly once each (written by something else since) is rendered instead.

const BOOT_OPEN = '<script id="__docsite-boot" type="application/json">';

export interface BootNames {
  manifestUrl: string;
  search?: SearchFiles | undefined;
}

/**
 * `twinOf`: the `.md` twin a page's HTML is made into (API pages, when the site writes twins), relative to the
 * output: taken from the previous output with the page, which is not taken without it.
 */
export function previousPages(previousOut: string, { pages: records, hrefs }: Pick<BuildRecord, 'pages' | 'hrefs'>, keys: ReadonlyMap<RouteDefinition, string>, before: BootNames, now: BootNames, twinOf: (route: RouteDefinition) => string | undefined): PageReuse & { taken(): number } {
  const swaps = namesToSwap(before, now);
  let taken = 0;
  return {
    taken: () => taken,
    has: (route) => {
      const key = keys.get(route);
      return key !== undefined && records[route.path]?.key === key;
    },
    take: (route) => {
      const record = records[route.path]!;
      let html: string;
      try {
        html = readFileSync(join(previousOut, route.outputFile), 'utf8');
      } catch {
        return undefined;
      }
      const swapped = swapBootNames(html, swaps);
      if (swapped === undefined) return undefined;
      const twinFile = twinOf(route);
      let twin: { file: string; contents: string } | undefined;
      if (twinFile !== undefined) {
        try {
          twin = { file: twinFile, contents: readFileSync(join(previousOut, twinFile), 'utf8') };
        } catch {
          return undefined;
        }
      }
      taken++;
      return { html: swapped, hrefs: record.hrefs.map((position) => hrefs[position]!), ids: record.ids, ...(twin ? { twin } : {}) };
    },
  };
}

/** The quoted names as the boot data's JSON holds them, old and new; names that did not change are left out. */
function namesToSwap(before: BootNames, now: BootNames): [string, string][] {
  const pairs: [string | undefined, string | undefined][] = [
    [before.manifestUrl, now.manifestUrl],
    [before.search?.docs, now.search?.docs],
    [before.search?.index, now.search?.index],
    [before.search?.worker, now.search?.worker],
  ];
  // As the boot data's JSON holds them: the shell writes it with serializeJson.
  return pairs.filter((pair): pair is [string, string] => pair[0] !== undefined && pair[1] !== undefined && pair[0] !== pair[1]).map(([from, to]) => [serializeJson(from), serializeJson(to)]);
}

function swapBootNames(html: string, swaps: [string, string][]): string | undefined {
  const start = html.indexOf(BOOT_OPEN);
  if (start < 0 || html.indexOf(BOOT_OPEN, start + 1) >= 0) return undefined;
  const end = html.indexOf('</script>', start);
  if (end < 0) return undefined;
  let boot = html.slice(start + BOOT_OPEN.length, end);
  for (const [from, to] of swaps) {
    const at = boot.indexOf(from);
    if (at < 0 || boot.indexOf(from, at + 1) >= 0) return undefined;
    boot = boot.slice(0, at) + to + boot.slice(at + from.length);
  }
  return html.slice(0, start + BOOT_OPEN.length) + boot + html.slice(end);
}
