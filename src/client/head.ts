import type { PageData, SiteData } from '../shared/types';

// After a client-side navigation the document head must describe the new page, as the server
// HTML would: title, description, canonical URL and the social-card tags.

export function pageTitle(site: SiteData, data: PageData): string {
  return data.title === site.title ? site.title : `${data.title} | ${site.title}`;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

export function updateHead(site: SiteData, data: PageData, path: string): void {
  const title = pageTitle(site, data);
  document.title = title;
  const description = 'description' in data ? data.description : undefined;
  setMeta('name', 'description', description);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  const canonical = data.kind === 'notFound' ? undefined : site.url + ('permalink' in data ? data.permalink : path);
  setMeta('property', 'og:url', canonical);
  const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical) {
    if (link) link.href = canonical;
    else {
      const created = document.createElement('link');
      created.rel = 'canonical';
      created.href = canonical;
      document.head.appendChild(created);
    }
  } else link?.remove();
}
