import type { PreviousOutput } from '../core/previous-output';
import type { RouteDefinition } from '../routes';
import type { BuildRecord } from './build-record';
import type { PageReuse } from './render-stage';

// The previous build's pages whose key is this build's (build-record.ts pageKeyOf): everything their HTML is made of
// is unchanged, their boot data included (it names nothing that changes from build to build: the route manifest's
// name is fixed and the search files are named in it), so they are taken as they are (emit/output-dir.ts), not read
// and written again. A page missing from the previous output is rendered instead.

/**
 * `twinOf`: the `.md` twin a page's HTML is made into (API pages, when the site writes twins), relative to the
 * output: taken from the previous output with the page, which is not taken without it.
 */
export function previousPages(previous: PreviousOutput, { pages: records, hrefs }: Pick<BuildRecord, 'pages' | 'hrefs'>, keys: ReadonlyMap<RouteDefinition, string>, twinOf: (route: RouteDefinition) => string | undefined): PageReuse & { taken(): number } {
  let taken = 0;
  return {
    taken: () => taken,
    has: (route) => {
      const key = keys.get(route);
      return key !== undefined && records[route.path]?.key === key;
    },
    take: (route, write) => {
      const record = records[route.path]!;
      if (write) {
        const files = [route.outputFile, twinOf(route)].filter((file): file is string => file !== undefined);
        const done: string[] = [];
        for (const file of files) {
          if (!previous.take(file)) {
            // Not in the previous output (removed since): the page is rendered, and what was taken of it is given
            // back first, since rendering writes it.
            for (const other of done) previous.release(other);
            return undefined;
          }
          done.push(file);
        }
      }
      taken++;
      return { hrefs: record.hrefs.map((position) => hrefs[position]!), ids: record.ids };
    },
  };
}
