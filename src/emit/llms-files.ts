import type { SiteConfig } from '../config/schema';
import type { RouteDefinition } from '../routes';
import type { ApiOperationPageData } from '../shared/api';
import type { DocPageData } from '../shared/types';
import { withBase } from '../shared/url';
import { hasMarkdownTwin, markdownTwinFile } from './markdown-twins';

// `/llms.txt` and `/llms-full.txt` (the llmstxt.org convention): what a language model reads to know the site.
// llms.txt is an index: the title and description, then a line per doc (under its sidebar category, in sidebar
// order), blog post and API operation, each with its title, absolute URL (the `.md` twin where there is one) and
// description. llms-full.txt is every doc's Markdown in sidebar order, from its twin (llms-writer.ts writes both). Docs of a version other than the last (next, or an old one) are left out: a model should learn the
// current one.

export interface LlmsFilesInput {
  config: SiteConfig;
  routes: RouteDefinition[];
}

/** The routes of docs llms.txt lists and llms-full.txt holds, in sidebar order. */
type ListedDoc = RouteDefinition & { data: DocPageData };

/** `/llms.txt`, when the config wants it: the site's index for language models. */
export function llmsIndex({ config, routes }: LlmsFilesInput): string | undefined {
  const { llms } = config;
  if (!llms.llmsTxt) return undefined;
  const absolute = absoluteUrl(config);
  const twinUrl = (route: RouteDefinition) => (config.llms.markdownPages && hasMarkdownTwin(route) ? absolute(`/${markdownTwinFile(route.path)}`) : absolute(route.path));
  const docs = listedDocs(routes);
  const line = (title: string, url: string, description: string | undefined) => `- [${title.replace(/[[\]]/g, '')}](${url})${description ? `: ${oneLine(description)}` : ''}`;
  const sections: string[] = [`# ${config.title}`, ...(config.tagline ? [`> ${oneLine(config.tagline)}`] : [])];
  // Docs under their top sidebar category, the categories in the order the sidebar has them.
  const groups = new Map<string, string[]>();
  for (const route of docs) {
    const category = route.data.breadcrumbs.find((crumb) => crumb.label !== route.data.title)?.label ?? 'Docs';
    let group = groups.get(category);
    if (!group) groups.set(category, (group = []));
    group.push(line(route.data.title, twinUrl(route), route.description ?? route.data.description));
  }
  for (const [category, lines] of groups) sections.push(`## ${category}\n\n${lines.join('\n')}`);
  const posts = routes.filter((route) => route.data.kind === 'blogPost' && !route.caseAliasOf);
  if (posts.length) sections.push(`## Blog\n\n${posts.map((route) => line(route.data.title, absolute(route.path), route.description)).join('\n')}`);
  const operations = routes.filter((route): route is RouteDefinition & { data: ApiOperationPageData } => route.data.kind === 'apiOperation' && !route.caseAliasOf);
  if (operations.length) {
    sections.push(`## API\n\n${operations.map((route) => line(route.data.title, twinUrl(route), `${route.data.method.toUpperCase()} ${route.data.path}${route.data.description ? ` — ${route.data.description}` : ''}`)).join('\n')}`);
  }
  return `${sections.join('\n\n')}\n`;
}

/**
 * How `/llms-full.txt` is made, when the config wants it: its docs in order, and the text around their twins. The
 * file is `head`, then each doc's `part` (none for a doc without twin text) with `separator` between, then `tail`;
 * it is written a few docs at a time (llms-writer.ts), so a big site's text is never held whole.
 */
export interface LlmsFullPlan {
  docs: ListedDoc[];
  head: string;
  part(route: RouteDefinition, markdown: string | undefined): string | undefined;
  separator: string;
  tail: string;
}

export function llmsFullPlan({ config, routes }: LlmsFilesInput): LlmsFullPlan | undefined {
  if (!config.llms.llmsFullTxt || !config.llms.markdownPages) return undefined;
  const absolute = absoluteUrl(config);
  return {
    docs: listedDocs(routes),
    head: `# ${config.title}\n\n`,
    part: (route, markdown) => (markdown ? `<!-- ${absolute(route.path)} -->\n\n${markdown.trim()}` : undefined),
    separator: '\n\n---\n\n',
    tail: '\n',
  };
}

const absoluteUrl = (config: SiteConfig) => {
  const site = config.url.replace(/\/$/, '');
  return (path: string) => site + withBase(config.baseUrl, path);
};

/** Docs of the current version that are listed, not aliases, in sidebar order. */
function listedDocs(routes: RouteDefinition[]): ListedDoc[] {
  return docsInSidebarOrder(routes.filter((route): route is ListedDoc => route.data.kind === 'doc' && !route.caseAliasOf && !route.data.unlisted && !route.data.version?.banner));
}

/** The docs in the order their sidebars read (following each doc's next link), then those in no sidebar. */
function docsInSidebarOrder<Route extends RouteDefinition & { data: DocPageData }>(docs: Route[]): Route[] {
  const byPermalink = new Map(docs.map((route) => [route.data.permalink, route]));
  const reached = new Set<Route>();
  const ordered: Route[] = [];
  for (const start of docs) {
    if (reached.has(start) || !start.data.sidebarId || (start.data.previous && byPermalink.has(start.data.previous.permalink))) continue;
    for (let route: Route | undefined = start; route && !reached.has(route); route = route.data.next ? byPermalink.get(route.data.next.permalink) : undefined) {
      reached.add(route);
      ordered.push(route);
    }
  }
  return [...ordered, ...docs.filter((route) => !reached.has(route))];
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
