import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { findConfigFile } from '../config/load';
import { ValueLocator, type SourcedLink } from '../config/locate';
import type { SiteConfig } from '../config/schema';
import { createHref, createSiteData } from '../config/site-data';
import { isExternalUrl } from '../shared/url';
import { redirectOptions } from '../routes/redirects';
import { sidebarLinkSources, type Sidebars } from '../content/sidebars';
import { extractLinks } from './check-links';

// The site's chrome (navbar, footer, announcement bar, sidebars) puts the same links on many pages. They
// were written once, in the config or a sidebars file: the link check reports a broken one there, once,
// instead of once per page that shows it.

/** The links the config and the sidebars files put around pages, each with where it was written. */
export function chromeLinksOf(siteDir: string, config: SiteConfig, sidebars: Sidebars): SourcedLink[] {
  const configFile = findConfigFile(siteDir);
  let source = '';
  try {
    source = configFile ? readFileSync(configFile, 'utf8') : '';
  } catch {
    // Gone since it was loaded: the links keep the file's name alone.
  }
  const name = configFile ? relative(siteDir, configFile) : 'docsite.config.ts';
  return [...configLinksOf(config, name, source), ...sidebarLinkSources(sidebars)];
}

/** The navbar's, the footer's and the announcement bar's links, as rendered, at their place in the config source. */
export function configLinksOf(config: SiteConfig, file: string, source: string): SourcedLink[] {
  const site = createSiteData(config);
  const locate = new ValueLocator(source);
  const links: SourcedLink[] = [];
  const add = (href: string, position: { line?: number; column?: number }) => links.push({ href, source: file, ...position });

  // createSiteData maps the config's items one to one, in order (the search box it may add comes last).
  config.themeConfig.navbar.items.forEach((item, index) => {
    const rendered = site.navbar.items[index];
    if (rendered?.kind !== 'link') return;
    const key = item.to !== undefined ? 'to' : item.href !== undefined ? 'href' : undefined;
    add(rendered.href, key ? locate.keyValue(key, item[key]!) : locate.key('items'));
  });
  config.themeConfig.footer.links.forEach((column, columnIndex) => {
    column.items.forEach((item, index) => {
      const rendered = site.footer.columns[columnIndex]?.items[index];
      if (!rendered) return;
      const key = item.to !== undefined ? 'to' : item.href !== undefined ? 'href' : undefined;
      add(rendered.href, key ? locate.keyValue(key, item[key]!) : locate.key('items'));
    });
  });
  // A redirect's target must be a page: a missing one is a broken link of the config.
  const href = createHref(config);
  for (const rule of redirectOptions(config).redirects) {
    if (!isExternalUrl(rule.to)) add(href(rule.to.startsWith('/') ? rule.to : `/${rule.to}`), locate.keyValue('to', rule.to));
  }
  const bar = config.themeConfig.announcementBar;
  if (bar) {
    // The content is HTML the theme renders as it is; each href is decoded the way the check reads it.
    for (const match of bar.content.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)) {
      const raw = match[1]!;
      const href = extractLinks(`<a href="${raw}"></a>`).hrefs[0] ?? raw;
      const position = locate.htmlHref(raw);
      add(href, position.line ? position : locate.key('content'));
    }
  }
  return links;
}
