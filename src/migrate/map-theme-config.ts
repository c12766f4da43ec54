import { aBoolean, anInteger, aString, carry, oneOf } from './carry';
import { isRecord } from '../shared/is-record';
import { mapNavbar, stripTags, type NavbarContext } from './map-navbar';
import type { WarningList } from './warnings';

// Docusaurus `themeConfig` -> docsite's. The shared keys (navbar, footer, colorMode, announcementBar,
// tableOfContents, image, metadata) carry over; the rest belongs to Docusaurus plugins and themes.

const THEME_REASONS: Record<string, string> = {
  algolia: 'docsite has built-in local search',
  prism: 'docsite highlights code with shiki, in its own light and dark themes',
  mermaid: "docsite draws diagrams in mermaid's default theme in light mode and its dark theme in dark mode",
  zoom: 'docsite has no image zoom',
  liveCodeBlock: 'docsite has no live code blocks',
};

export function mapThemeConfig(themeConfig: Record<string, unknown>, navbarContext: NavbarContext, warnings: WarningList): Record<string, unknown> {
  const where = 'themeConfig.';
  const result: Record<string, unknown> = {};
  if (isRecord(themeConfig.navbar)) result.navbar = mapNavbar(themeConfig.navbar, navbarContext, warnings);
  if (isRecord(themeConfig.footer)) result.footer = mapFooter(themeConfig.footer, warnings);
  if (isRecord(themeConfig.colorMode)) {
    const colorMode: Record<string, unknown> = {};
    carry(themeConfig.colorMode, colorMode, 'defaultMode', oneOf('light', 'dark'), `${where}colorMode.`, warnings);
    carry(themeConfig.colorMode, colorMode, 'disableSwitch', aBoolean, `${where}colorMode.`, warnings);
    carry(themeConfig.colorMode, colorMode, 'respectPrefersColorScheme', aBoolean, `${where}colorMode.`, warnings);
    warnings.unhandledKeys(themeConfig.colorMode, ['defaultMode', 'disableSwitch', 'respectPrefersColorScheme'], `${where}colorMode.`);
    result.colorMode = colorMode;
  }
  if (isRecord(themeConfig.announcementBar)) {
    const bar: Record<string, unknown> = {};
    const from = themeConfig.announcementBar;
    const prefix = `${where}announcementBar.`;
    carry(from, bar, 'id', aString, prefix, warnings);
    // Like Docusaurus, docsite shows the content as HTML.
    carry(from, bar, 'content', aString, prefix, warnings);
    carry(from, bar, 'backgroundColor', aString, prefix, warnings);
    carry(from, bar, 'textColor', aString, prefix, warnings);
    carry(from, bar, 'isCloseable', aBoolean, prefix, warnings);
    warnings.unhandledKeys(from, ['id', 'content', 'backgroundColor', 'textColor', 'isCloseable'], prefix);
    if (bar.content !== undefined) result.announcementBar = bar;
  }
  if (isRecord(themeConfig.tableOfContents)) {
    const toc: Record<string, unknown> = {};
    const prefix = `${where}tableOfContents.`;
    carry(themeConfig.tableOfContents, toc, 'minHeadingLevel', levelBetween2And6, prefix, warnings);
    carry(themeConfig.tableOfContents, toc, 'maxHeadingLevel', levelBetween2And6, prefix, warnings);
    warnings.unhandledKeys(themeConfig.tableOfContents, ['minHeadingLevel', 'maxHeadingLevel'], prefix);
    const min = (toc.minHeadingLevel as number | undefined) ?? 2;
    const max = (toc.maxHeadingLevel as number | undefined) ?? 3;
    if (min > max) warnings.notCarried(`${prefix.slice(0, -1)}`, `minHeadingLevel ${min} is above maxHeadingLevel ${max}`);
    else result.tableOfContents = toc;
  }
  carry(themeConfig, result, 'image', aString, where, warnings);
  if (Array.isArray(themeConfig.metadata)) {
    const metadata = themeConfig.metadata.filter((entry, index) => {
      const ok = isRecord(entry) && Object.values(entry).every((value) => typeof value === 'string');
      if (!ok) warnings.notCarried(`${where}metadata[${index}]`, 'docsite takes attributes with string values');
      return ok;
    });
    if (metadata.length) result.metadata = metadata;
  }
  noteNested(themeConfig.docs, `${where}docs.`, warnings);
  noteNested(themeConfig.blog, `${where}blog.`, warnings);
  warnings.unhandledKeys(themeConfig, ['navbar', 'footer', 'colorMode', 'announcementBar', 'tableOfContents', 'image', 'metadata', 'docs', 'blog'], where, THEME_REASONS);
  return result;
}

const levelBetween2And6 = { test: (value: unknown) => anInteger(2).test(value) && (value as number) <= 6, wants: 'a heading level from 2 to 6' };

/** `themeConfig.docs.sidebar.hideable`: one note per leaf, so each names a key the user can find. */
function noteNested(value: unknown, prefix: string, warnings: WarningList): void {
  if (!isRecord(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (isRecord(item)) noteNested(item, `${prefix}${key}.`, warnings);
    else if (item !== undefined) warnings.notCarried(`${prefix}${key}`);
  }
}

function mapFooter(footer: Record<string, unknown>, warnings: WarningList): Record<string, unknown> {
  const where = 'themeConfig.footer.';
  // Docusaurus's footer is light unless styled; docsite's is dark.
  const result: Record<string, unknown> = { style: 'light' };
  carry(footer, result, 'style', oneOf('dark', 'light'), where, warnings);
  if (Array.isArray(footer.links)) {
    const columns: Record<string, unknown>[] = [];
    const loose: Record<string, unknown>[] = [];
    footer.links.forEach((entry, index) => {
      if (isRecord(entry) && Array.isArray(entry.items)) {
        const items = entry.items.flatMap((item, itemIndex) => footerLink(item, `${where}links[${index}].items[${itemIndex}]`, warnings));
        columns.push({ title: typeof entry.title === 'string' ? entry.title : '', items });
      } else {
        loose.push(...footerLink(entry, `${where}links[${index}]`, warnings));
      }
    });
    if (loose.length) {
      // A "simple footer" (one row of links): docsite's footer has columns, so the links share one.
      columns.push({ title: 'Links', items: loose });
      warnings.add(`${where}links is a single row of links: docsite's footer has columns, so they are put in one column titled 'Links'`, `${where}links`);
    }
    result.links = columns;
  }
  if (typeof footer.copyright === 'string') {
    const text = stripTags(footer.copyright);
    if (text !== footer.copyright.trim()) warnings.add(`${where}copyright holds HTML: docsite shows it as plain text ('${text}')`, `${where}copyright`);
    result.copyright = text;
  }
  warnings.unhandledKeys(footer, ['style', 'links', 'copyright'], where);
  return result;
}

function footerLink(raw: unknown, where: string, warnings: WarningList): Record<string, unknown>[] {
  if (!isRecord(raw)) return [];
  if (typeof raw.label !== 'string') {
    warnings.notCarried(where, typeof raw.html === 'string' ? "an HTML item: docsite's footer items are links" : 'a footer link needs a label');
    return [];
  }
  const link: Record<string, unknown> = { label: raw.label };
  carry(raw, link, 'to', aString, `${where}.`, warnings);
  carry(raw, link, 'href', aString, `${where}.`, warnings);
  warnings.unhandledKeys(raw, ['label', 'to', 'href'], `${where}.`, { prependBaseUrlToHref: 'docsite prefixes internal paths with the base URL itself' });
  return [link];
}
