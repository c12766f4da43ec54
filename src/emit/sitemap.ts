// sitemap.xml (sitemaps.org 0.9, with hreflang alternates as xhtml:link) and robots.txt.

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ms since epoch */
  lastmod?: number;
  changefreq?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
  priority?: number;
  /** hreflang alternates: locale -> absolute URL */
  alternates?: Record<string, string>;
}

/**
 * The sitemap XML, entries sorted by loc so rebuilds are diffable. Entries sharing a loc are merged into one: the
 * newest lastmod, the first changefreq and priority given, and the alternates of all of them.
 */
export function renderSitemap(entries: SitemapEntry[]): string {
  const merged = new Map<string, SitemapEntry>();
  for (const entry of entries) {
    const seen = merged.get(entry.loc);
    merged.set(entry.loc, seen ? mergeEntries(seen, entry) : entry);
  }
  const sorted = [...merged.values()].sort((a, b) => compare(a.loc, b.loc));
  const withAlternates = sorted.some((entry) => entry.alternates && Object.keys(entry.alternates).length);

  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${withAlternates ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''}>`,
  ];
  for (const entry of sorted) {
    lines.push('  <url>', `    <loc>${escapeXml(entry.loc)}</loc>`);
    if (entry.lastmod !== undefined && Number.isFinite(entry.lastmod)) lines.push(`    <lastmod>${new Date(entry.lastmod).toISOString().slice(0, 10)}</lastmod>`);
    if (entry.changefreq) lines.push(`    <changefreq>${entry.changefreq}</changefreq>`);
    if (entry.priority !== undefined && Number.isFinite(entry.priority)) lines.push(`    <priority>${Math.min(1, Math.max(0, entry.priority)).toFixed(1)}</priority>`);
    const alternates = Object.entries(entry.alternates ?? {}).sort(([a], [b]) => compare(a, b));
    for (const [locale, href] of alternates) lines.push(`    <xhtml:link rel="alternate" hreflang="${escapeXml(locale)}" href="${escapeXml(href)}"/>`);
    lines.push('  </url>');
  }
  lines.push('</urlset>');
  return `${lines.join('\n')}\n`;
}

/** robots.txt that allows everything except `disallow` and points crawlers at the sitemap. */
export function renderRobotsTxt(options: { sitemapUrl: string; disallow?: string[] }): string {
  // A line break inside a path would start a new directive, so paths are cut at the first one.
  const disallow = (options.disallow ?? []).map((path) => path.split(/[\r\n]/)[0]!.trim()).filter(Boolean);
  return ['User-agent: *', 'Allow: /', ...disallow.map((path) => `Disallow: ${path}`), '', `Sitemap: ${options.sitemapUrl}`, ''].join('\n');
}

function mergeEntries(first: SitemapEntry, next: SitemapEntry): SitemapEntry {
  const lastmods = [first.lastmod, next.lastmod].filter((time): time is number => time !== undefined && Number.isFinite(time));
  const changefreq = first.changefreq ?? next.changefreq;
  const priority = first.priority ?? next.priority;
  const alternates = first.alternates || next.alternates ? { ...next.alternates, ...first.alternates } : undefined;
  return {
    loc: first.loc,
    ...(lastmods.length ? { lastmod: Math.max(...lastmods) } : {}),
    ...(changefreq ? { changefreq } : {}),
    ...(priority !== undefined ? { priority } : {}),
    ...(alternates ? { alternates } : {}),
  };
}

/** Code-unit order, the same on every machine (localeCompare depends on the ICU data). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
