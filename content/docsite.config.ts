import { defineConfig } from 'docsite';

// The Memora documentation site: the site docsite ships with and is judged by.
export default defineConfig({
  title: 'Memora',
  tagline: 'Self-hosted photo and video backup, under your control.',
  url: 'https://memora.example',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  // PNG icons for browsers and home screens that do not take the SVG favicon.
  headTags: [
    { tagName: 'link', attributes: { rel: 'icon', type: 'image/png', sizes: '32x32', href: '/img/icon-32.png' } },
    { tagName: 'link', attributes: { rel: 'apple-touch-icon', sizes: '180x180', href: '/img/icon-180.png' } },
    { tagName: 'link', attributes: { rel: 'manifest', href: '/site.webmanifest' } },
  ],
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  i18n: { defaultLocale: 'en', locales: ['en'] },
  docs: {
    path: 'docs',
    routeBasePath: 'docs',
    editUrl: 'https://github.com/memora-photos/memora/tree/main/docs',
    showLastUpdateTime: true,
    showLastUpdateAuthor: true,
    versions: { current: { label: 'Next' } },
  },
  blog: {
    blogTitle: 'Memora blog',
    blogDescription: 'Release notes, project updates and yearly recaps from the Memora team.',
    postsPerPage: 10,
    editUrl: 'https://github.com/memora-photos/memora/tree/main/docs/blog',
    feedOptions: { type: 'all', title: 'Memora blog', description: 'Release notes and project news from the Memora team.', copyright: 'Copyright © Memora contributors. Text under CC BY 4.0.' },
  },
  api: { spec: 'api/openapi.yaml', introduction: 'api/introduction.md' },
  themeConfig: {
    colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false },
    announcementBar: {
      id: 'very-active-development',
      content:
        '⚠️ Memora is under very active development: expect bugs and breaking changes. Do not use it as the only place you keep your photos and videos.',
      isCloseable: false,
    },
    navbar: {
      title: 'Memora',
      logo: { src: 'img/memora-logo.svg', alt: 'Memora logo' },
      hideOnScroll: true,
      items: [
        { label: 'Docs', to: '/docs/overview/introduction', activeBasePath: '/docs', position: 'left' },
        { label: 'Milestones', to: '/milestones', position: 'left' },
        { label: 'API', to: '/docs/api', activeBasePath: '/docs/api', position: 'left' },
        { label: 'Blog', to: '/blog', activeBasePath: '/blog', position: 'left' },
        { label: 'GitHub', href: 'https://github.com/memora-photos/memora', position: 'right' },
        { type: 'localeDropdown', position: 'right' },
        { type: 'search', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Overview',
          items: [
            { label: 'Introduction', to: '/docs/overview/introduction' },
            { label: 'Quick start', to: '/docs/overview/quick-start' },
            { label: 'Install with Docker Compose', to: '/docs/install/docker-compose' },
            { label: 'FAQ', to: '/docs/FAQ' },
          ],
        },
        {
          title: 'Community',
          items: [
            { label: 'GitHub Discussions', href: 'https://github.com/memora-photos/memora/discussions' },
            { label: 'Issue tracker', href: 'https://github.com/memora-photos/memora/issues' },
            { label: 'Matrix chat', href: 'https://matrix.to/#/#memora:matrix.org' },
          ],
        },
        {
          title: 'Links',
          items: [
            { label: 'Blog', to: '/blog' },
            { label: 'API reference', to: '/docs/api' },
            { label: 'Source code', href: 'https://github.com/memora-photos/memora' },
            { label: 'Container images', href: 'https://github.com/orgs/memora-photos/packages' },
            { label: 'Developer setup', to: '/docs/developer/setup' },
          ],
        },
      ],
      copyright: 'Memora is free software, licensed under the GNU Affero General Public License v3 (AGPL-3.0).',
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  },
});
