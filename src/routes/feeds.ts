import type { SiteConfig } from '../config/schema';
import { blogSubPath } from './blog';
import { withBase } from '../shared/url';

// Where the blog's feeds live: the emit stage writes them there, every blog page's head links them.

export type FeedType = 'rss' | 'atom' | 'json';

export interface FeedLink {
  type: 'application/rss+xml' | 'application/atom+xml' | 'application/feed+json';
  title: string;
  href: string;
}

export const FEED_FILES: Record<FeedType, { file: string; mime: FeedLink['type']; name: string }> = {
  rss: { file: 'rss.xml', mime: 'application/rss+xml', name: 'RSS Feed' },
  atom: { file: 'atom.xml', mime: 'application/atom+xml', name: 'Atom Feed' },
  json: { file: 'feed.json', mime: 'application/feed+json', name: 'JSON Feed' },
};

export function feedTypes(config: SiteConfig): FeedType[] {
  const type = config.blog.feedOptions.type;
  if (type === null) return [];
  if (type === 'all') return ['rss', 'atom', 'json'];
  return Array.isArray(type) ? type : [type];
}

/** The `<link rel="alternate">` entries of the blog pages' heads; none without posts. */
export function feedLinks(config: SiteConfig, hasPosts: boolean): FeedLink[] {
  if (!hasPosts) return [];
  return feedTypes(config).map((type) => ({ type: FEED_FILES[type].mime, title: `${config.title} Blog ${FEED_FILES[type].name}`, href: withBase(config.baseUrl, blogSubPath(config, FEED_FILES[type].file)) }));
}
