import type { SidebarItem } from './types';

/** Looks a sidebar up by id, failing loudly with the ids that do exist. Used by the build and the theme. */
export function sidebarById(sidebars: Record<string, SidebarItem[]>, id: string): SidebarItem[] {
  const found = sidebars[id];
  if (!found) {
    const known = Object.keys(sidebars);
    throw new Error(`docsite: no sidebar with id "${id}"${known.length ? `; the sidebars are: ${known.join(', ')}` : '; this site has no sidebars'}.`);
  }
  return found;
}
