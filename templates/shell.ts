import { escapeAttribute, serializeJson } from '../src/shared/html';
import type { BootData, SiteData } from '../src/shared/types';

// The HTML document around each server-rendered page. A pure function of its input:
// no file system, no React, so it can be used by the build, the dev server and tests alike.

export interface ShellInput {
  site: SiteData;
  title: string;
  description?: string;
  /** Absolute URL of this page. */
  canonical?: string;
  /** Absolute URL of the social card image. */
  image?: string;
  ogType?: 'website' | 'article';
  /** ISO 8601 times, for articles. */
  publishedTime?: string;
  modifiedTime?: string;
  keywords?: string[];
  articleTags?: string[];
  /** `<link rel="alternate" hreflang>`: one per locale, plus x-default. */
  alternates?: { hreflang: string; href: string }[];
  /** Feeds the page advertises (RSS, Atom, JSON Feed). */
  feeds?: { type: 'application/rss+xml' | 'application/atom+xml' | 'application/feed+json'; title: string; href: string }[];
  noindex?: boolean;
  /** The config's headTags and themeConfig.metadata: link and meta elements with their attributes. */
  extraTags?: { tagName: 'link' | 'meta'; attributes: Record<string, string> }[];
  /** For redirect pages: where a reader without JavaScript is sent. */
  refreshTo?: string;
  appHtml: string;
  boot: BootData;
  entryScript: string;
  preloads: string[];
  styles: string[];
  /** Dev server: reload the page when the server says the build changed. */
  liveReload?: boolean;
}


/**
 * Sets `data-theme` before first paint: the reader's stored choice, else (optionally) the system
 * preference, else the site default. Kept tiny and dependency-free; it runs on every page view.
 */
export function colorModeScript(colorMode: SiteData['colorMode'], storageType: SiteData['storageType'] = 'localStorage'): string {
  const fallback = colorMode.respectPrefersColorScheme
    ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'`
    : `'${colorMode.defaultMode}'`;
  return `(function(){var t;try{t=${storageType}.getItem('theme')}catch(e){}if(t!=='dark'&&t!=='light')t=${fallback};document.documentElement.setAttribute('data-theme',t)})()`;
}

/** Hides a closable announcement bar the reader dismissed, before first paint. */
export function announcementScript(site: SiteData): string {
  const bar = site.announcementBar;
  if (!bar?.isCloseable) return '';
  return `(function(){try{var s=window[${JSON.stringify(site.storageType)}];if(s.getItem('docsite.announcement.id')===${JSON.stringify(bar.id)}&&s.getItem('docsite.announcement.dismiss')==='true')document.documentElement.setAttribute('data-announcement-dismissed','true')}catch(e){}})()`;
}

/**
 * Opened under another path than the configured base URL, none of the site's CSS and JS can load.
 * This inline script (with inline styles, for the same reason) tells the reader or the deployer why.
 */
export function baseUrlCheckScript(base: string): string {
  const expected = JSON.stringify(base);
  return `(function(){var b=${expected},p=location.pathname;if(p.indexOf(b)===0||p+'/'===b)return;var d=document.createElement('div');d.id='__docsite-base-url-issue';d.setAttribute('role','alert');d.style.cssText='position:fixed;top:0;left:0;right:0;z-index:9999;padding:12px 16px;background:#b91c1c;color:#fff;font:15px/1.5 system-ui,sans-serif';d.textContent='This site is configured for the base URL '+b+' but was opened at '+p+', so its styles and scripts cannot load. Open it under '+b+' or build it with the matching baseUrl (docsite build --base-url).';document.body.prepend(d)})()`;
}

/**
 * The inline scripts every page of a site carries, in page order: the only script text not in a file.
 * A Content-Security-Policy allows exactly these by hash (src/emit/security-headers.ts).
 */
export function inlineScripts(site: SiteData): { head: string; body: string } {
  return { head: [colorModeScript(site.colorMode, site.storageType), announcementScript(site)].filter(Boolean).join(';'), body: baseUrlCheckScript(site.baseUrl) };
}

/** A page's whole HTML document: head tags, the server-rendered app, boot data and scripts. */
export function renderShell(input: ShellInput): string {
  const { site } = input;
  const scripts = inlineScripts(site);
  const title = input.title === site.title ? site.title : `${input.title} | ${site.title}`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="docsite">',
    `<title>${escapeAttribute(title)}</title>`,
    input.description ? `<meta name="description" content="${escapeAttribute(input.description)}">` : '',
    input.noindex ? '<meta name="robots" content="noindex, nofollow">' : '',
    input.canonical ? `<link rel="canonical" href="${escapeAttribute(input.canonical)}">` : '',
    input.keywords?.length ? `<meta name="keywords" content="${escapeAttribute(input.keywords.join(', '))}">` : '',
    ...(input.alternates ?? []).map((alternate) => `<link rel="alternate" hreflang="${escapeAttribute(alternate.hreflang)}" href="${escapeAttribute(alternate.href)}">`),
    ...(input.feeds ?? []).map((feed) => `<link rel="alternate" type="${feed.type}" title="${escapeAttribute(feed.title)}" href="${escapeAttribute(feed.href)}">`),
    `<meta property="og:title" content="${escapeAttribute(title)}">`,
    input.description ? `<meta property="og:description" content="${escapeAttribute(input.description)}">` : '',
    input.canonical ? `<meta property="og:url" content="${escapeAttribute(input.canonical)}">` : '',
    `<meta property="og:site_name" content="${escapeAttribute(site.title)}">`,
    `<meta property="og:locale" content="${escapeAttribute((site.htmlLang ?? site.locale).replace('-', '_'))}">`,
    `<meta property="og:type" content="${input.ogType ?? 'website'}">`,
    input.publishedTime ? `<meta property="article:published_time" content="${escapeAttribute(input.publishedTime)}">` : '',
    input.modifiedTime ? `<meta property="article:modified_time" content="${escapeAttribute(input.modifiedTime)}">` : '',
    ...(input.articleTags ?? []).map((tag) => `<meta property="article:tag" content="${escapeAttribute(tag)}">`),
    input.image ? `<meta property="og:image" content="${escapeAttribute(input.image)}">` : '',
    `<meta name="twitter:card" content="${input.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeAttribute(title)}">`,
    input.description ? `<meta name="twitter:description" content="${escapeAttribute(input.description)}">` : '',
    input.image ? `<meta name="twitter:image" content="${escapeAttribute(input.image)}">` : '',
    // Without a configured favicon, an empty one stops browsers asking for a /favicon.ico that is not there.
    `<link rel="icon" href="${site.favicon ? escapeAttribute(site.favicon) : 'data:,'}"${site.favicon?.endsWith('.svg') ? ' type="image/svg+xml"' : ''}>`,
    ...(input.extraTags ?? []).map(({ tagName, attributes }) => `<${tagName}${Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}>`),
    input.refreshTo ? `<meta http-equiv="refresh" content="0; url=${escapeAttribute(input.refreshTo)}">` : '',
    `<script>${scripts.head}</script>`,
    ...input.styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`),
    `<link rel="modulepreload" href="${escapeAttribute(input.entryScript)}">`,
    ...input.preloads.map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}">`),
  ].filter(Boolean);
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeAttribute(site.htmlLang ?? site.locale)}" dir="${site.direction ?? 'ltr'}" data-theme="${site.colorMode.defaultMode}">`,
    `<head>\n${head.join('\n')}\n</head>`,
    '<body>',
    `<div id="__docsite">${input.appHtml}</div>`,
    `<script>${scripts.body}</script>`,
    `<script id="__docsite-boot" type="application/json">${serializeJson(input.boot)}</script>`,
    `<script type="module" src="${escapeAttribute(input.entryScript)}"></script>`,
    input.liveReload ? `<script type="module" src="${escapeAttribute(site.baseUrl)}__docsite/client/dev-client.js"></script>` : '',
    '</body>',
    '</html>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
