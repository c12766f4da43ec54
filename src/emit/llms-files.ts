import type { SiteConfig } from '../config/schema';
import type { RouteDefinition } from '../routes';
import type { ApiOperationPageData } from '../shared/api';
import type { DocPageData } from '../shared/types';
import { withBase } from '../shared/url';
import { hasMarkdownTwin, markdownTwinFile } from './markdown-twins';

// `/llms.txt` and `/llms-full.txt` (the llmstxt.org convention): what a language model reads to know the site.
// llms.txt is an index: the title and description, then a line per doc (under its sidebar category, in sidebar
// order), blog post and API operation, each with its title, absolute URL (the `.md` twin where there is one) and
// description. llms-full.txt is every doc's Markdown in sidebar order, from the twins the build just made. Docs of a version other than the last (next, or an old one) are left out: a model should learn the
// current one.

export interface LlmsFilesInput {
  config: SiteConfig;
  routes: RouteDefinition[];
  /** The docs' `.md` twins by file (markdown-twins.ts `docMarkdownTwins`), which llms-full.txt is made of. */
  twins: ReadonlyMap<string, string>;
}


export function llmsFiles({ config, routes, twins }: LlmsFilesInput): { file: string; contents: string }[] {
  const { llms } = config;
  if (!llms.llmsTxt && !llms.llmsFullTxt) return [];
  const site = config.url.replace(/\/$/, '');
  const absolute = (path: string) => site + withBase(config.baseUrl, path);
  const twinUrl = (route: RouteDefinition) => (config.llms.markdownPages && hasMarkdownTwin(route) ? absolute(`/${markdownTwinFile(route.path)}`) : absolute(route.path));
  const docs = docsInSidebarOrder(routes.filter((route): route is RouteDefinition & { data: DocPageData } => route.data.kind === 'doc' && !route.caseAliasOf && !route.data.unlisted && !route.data.version?.banner));
  const line = (title: string, url: string, description: string | undefined) => `- [${title.replace(/[[\]]/g, '')}](${url})${description ? `: ${oneLine(description)}` : ''}`;
  const files: { file: string; contents: string }[] = [];

  if (llms.llmsTxt) {
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
    files.push({ file: 'llms.txt', contents: `${sections.join('\n\n')}\n` });
  }

  if (llms.llmsFullTxt && llms.markdownPages) {
    const parts = docs.map((route) => {
      const markdown = twins.get(markdownTwinFile(route.path));
      return markdown && `<!-- ${absolute(route.path)} -->\n\n${markdown.trim()}`;
    });
    files.push({ file: 'llms-full.txt', contents: `# ${config.title}\n\n${parts.filter(Boolean).join('\n\n---\n\n')}\n` });
  }
  return files;
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
