import type { BootData } from '../shared/types';

/** The JSON the server put into the page: this route's chunk and where the route manifest lives. */
export function readBootData(): BootData {
  const element = document.getElementById('__docsite-boot');
  if (!element?.textContent) throw new Error('docsite: the page has no boot data (#__docsite-boot); was it built by docsite?');
  return JSON.parse(element.textContent) as BootData;
}
