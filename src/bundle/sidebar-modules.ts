import { createHash } from 'node:crypto';
import { sidebarById } from '../shared/lookup';
import { openCategoriesOf, sidebarForPage } from '../shared/sidebar-view';
import type { SidebarItem } from '../shared/types';

// How a route module gets its sidebar. Node renders from the whole sidebar. The browser gets the
// whole sidebar too when it is small (one chunk every page shares); a large one is cut per page
// (src/shared/sidebar-view.ts), and pages whose cut is the same (the pages of one category) share
// one module for it, so a reader moving within a category downloads it once.

/**
 * Sidebars up to this size (as JSON) ship whole. Larger ones are cut, since every first visit would
 * otherwise pay for the whole site's navigation.
 */
export const SHARED_SIDEBAR_LIMIT = 4 * 1024;

const WHOLE_PREFIX = 'docsite:sidebar/';
const CUT_PREFIX = 'docsite:sidebar-cut/';

interface SidebarCuts {
  /** Whether the sidebar is large enough to cut. */
  cut: boolean;
  /** Id and content hash: the browser keeps whole sidebars by it, and in dev an edited sidebar gets a new key. */
  key: string;
  /** Open categories (see openCategoriesOf) -> module id of the cut. */
  modules: Map<string, string>;
}

/** Per set of sidebars (one build, one dev content load): what is known of each sidebar, and every cut made. */
const state = new WeakMap<Record<string, SidebarItem[]>, { sidebars: Map<string, SidebarCuts>; cuts: Map<string, SidebarItem[]> }>();

function stateOf(sidebars: Record<string, SidebarItem[]>) {
  let found = state.get(sidebars);
  if (!found) state.set(sidebars, (found = { sidebars: new Map(), cuts: new Map() }));
  return found;
}

function cutsOf(sidebars: Record<string, SidebarItem[]>, id: string): SidebarCuts {
  const known = stateOf(sidebars).sidebars;
  let cuts = known.get(id);
  if (!cuts) {
    const json = JSON.stringify(sidebarById(sidebars, id));
    cuts = { cut: json.length > SHARED_SIDEBAR_LIMIT, key: `${id}@${createHash('sha256').update(json).digest('hex').slice(0, 10)}`, modules: new Map() };
    known.set(id, cuts);
  }
  return cuts;
}

/** The lines of a route module that give it `sidebar` (and, for a cut, `sidebarKey` and `loadSidebar`). */
export function routeSidebarCode(sidebars: Record<string, SidebarItem[]>, id: string, path: string, base: string, platform: 'browser' | 'node'): { imports: string[]; fields: string[] } {
  const whole = JSON.stringify(`${WHOLE_PREFIX}${id}`);
  const cuts = cutsOf(sidebars, id);
  if (platform === 'node' || !cuts.cut) return { imports: [`import sidebar from ${whole};`], fields: ['sidebar'] };
  const sidebar = sidebarById(sidebars, id);
  const open = openCategoriesOf(sidebar, path, base);
  let module = cuts.modules.get(open);
  if (!module) {
    // Named by what it holds, not by the order the routes asked (esbuild loads them in parallel): a chunk's hash
    // covers its modules' names, and a counter here named the same cut differently from one build to the next.
    module = `${CUT_PREFIX}${id}/${createHash('sha256').update(open).digest('hex').slice(0, 12)}`;
    cuts.modules.set(open, module);
    stateOf(sidebars).cuts.set(module, sidebarForPage(sidebar, path, base).items);
  }
  return {
    imports: [`import sidebar from ${JSON.stringify(module)};`],
    fields: ['sidebar', `sidebarKey: ${JSON.stringify(cuts.key)}`, `loadSidebar: () => import(${whole})`],
  };
}

/** The source of a `docsite:sidebar/<id>` or `docsite:sidebar-cut/<id>/<hash of its open categories>` module; undefined for other ids. */
export function sidebarModule(sidebars: Record<string, SidebarItem[]>, moduleId: string): string | undefined {
  if (moduleId.startsWith(WHOLE_PREFIX)) return `export default ${JSON.stringify(sidebarById(sidebars, moduleId.slice(WHOLE_PREFIX.length)))};`;
  if (!moduleId.startsWith(CUT_PREFIX)) return undefined;
  const cut = stateOf(sidebars).cuts.get(moduleId);
  if (!cut) throw new Error(`docsite: ${moduleId} was asked for before a route module named it`);
  return `export default ${JSON.stringify(cut)};`;
}

/**
 * For `docsite dev`, whose route bundles are not split: the key and source of a cut sidebar's whole module,
 * which the dev server serves as a file of its own instead of inlining it into every route; undefined
 * for an id that is not `docsite:sidebar/<id>` of a cut sidebar.
 */
export function wholeSidebarOf(sidebars: Record<string, SidebarItem[]>, moduleId: string): { key: string; source: string } | undefined {
  if (!moduleId.startsWith(WHOLE_PREFIX)) return undefined;
  const id = moduleId.slice(WHOLE_PREFIX.length);
  const cuts = cutsOf(sidebars, id);
  return cuts.cut ? { key: cuts.key, source: sidebarModule(sidebars, moduleId)! } : undefined;
}
