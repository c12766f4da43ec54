import { copyFileSync, linkSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { RouteDefinition } from '../routes';
import type { BuildRecord } from './build-record';
import type { PageReuse } from './render-stage';

// The previous build's pages whose key is this build's (build-record.ts pageKeyOf): everything their HTML is made of
// is unchanged, their boot data included (it names nothing that changes from build to build: the route manifest's
// name is fixed and the search files are named in it), so they are hard-linked into the new output as they are,
// not read and written again. A page missing from the previous output is rendered instead.

/**
 * `twinOf`: the `.md` twin a page's HTML is made into (API pages, when the site writes twins), relative to the
 * output: taken from the previous output with the page, which is not taken without it.
 */
export function previousPages(previousOut: string, { pages: records, hrefs }: Pick<BuildRecord, 'pages' | 'hrefs'>, keys: ReadonlyMap<RouteDefinition, string>, twinOf: (route: RouteDefinition) => string | undefined): PageReuse & { taken(): number } {
  let taken = 0;
  return {
    taken: () => taken,
    has: (route) => {
      const key = keys.get(route);
      return key !== undefined && records[route.path]?.key === key;
    },
    take: (route, into) => {
      const record = records[route.path]!;
      if (into) {
        const files = [route.outputFile, twinOf(route)].filter((file): file is string => file !== undefined);
        const linked: string[] = [];
        for (const file of files) {
          const to = join(into.dir, file);
          into.makeFolder(dirname(to));
          if (!linkOrCopy(join(previousOut, file), to)) {
            // Not in the previous output (removed since): the page is rendered, and what was linked of it is taken
            // back first, since rendering writes where the link is.
            for (const done of linked) unlinkSync(done);
            return undefined;
          }
          linked.push(to);
        }
      }
      taken++;
      return { hrefs: record.hrefs.map((position) => hrefs[position]!), ids: record.ids };
    },
  };
}

/** False when there is no such file; a copy where no link can be made (a file system without hard links). */
function linkOrCopy(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
  }
  try {
    copyFileSync(from, to);
    return true;
  } catch {
    return false;
  }
}
