// Memora's history for the /milestones page, newest first. Dates and versions agree with
// content/FACTS.md and the blog; a link points at the page or post that tells more.

export interface Milestone {
  /** ISO date, YYYY-MM-DD. */
  date: string;
  /** Release tag, when the milestone is a release. */
  version?: string;
  title: string;
  /** One line on what changed for the people who run Memora. */
  summary: string;
  link?: { to: string; label: string };
}

export const milestones: Milestone[] = [
  {
    date: '2024-02-27',
    version: 'v1.94.0',
    title: 'Faster mobile timeline sync',
    summary: 'The apps fetch only what changed since their last visit, so a timeline of 100,000 assets opens in seconds.',
    link: { to: '/docs/features/mobile-app', label: 'The mobile app' },
  },
  {
    date: '2024-02-06',
    version: 'v1.93.0',
    title: 'All-in-one image and Helm chart',
    summary: 'memora-aio runs all four services in one container for small boards; the memora/memora chart installs Memora on Kubernetes.',
    link: { to: '/docs/install/all-in-one', label: 'All-in-one install' },
  },
  {
    date: '2024-01-16',
    version: 'v1.92.0',
    title: 'Tags',
    summary: 'Nested tags for assets, searchable like any other metadata and managed through the API.',
    link: { to: '/docs/api/get-all-tags', label: 'Tags in the API' },
  },
  {
    date: '2023-12-31',
    title: 'A year of 55 releases',
    summary: '2,340 merged pull requests from 214 people, 38 languages, and 19,800 stars on GitHub by New Year’s Eve.',
    link: { to: '/blog/2023/2023-recap', label: 'The 2023 recap' },
  },
  {
    date: '2023-12-05',
    version: 'v1.88.0',
    title: 'Machine learning on GPUs and NPUs',
    summary: 'CUDA, OpenVINO and ARM NN images for the machine-learning container, and RKMPP transcoding on Rockchip boards.',
    link: { to: '/docs/features/ml-hardware-acceleration', label: 'ML hardware acceleration' },
  },
  {
    date: '2023-11-28',
    version: 'v1.87.0',
    title: 'Likes, comments and stacks',
    summary: 'Shared albums gain an activity panel, and burst or RAW+JPEG pairs collapse into one stack.',
  },
  {
    date: '2023-11-08',
    version: 'v1.84.0',
    title: 'PostgreSQL 16 with pgvector',
    summary: 'Vector search moves into the database; upgrading from PostgreSQL 14 takes one dump and restore.',
    link: { to: '/docs/administration/backup-and-restore', label: 'Backup and restore' },
  },
  {
    date: '2023-11-02',
    version: 'v1.83.0',
    title: 'Trash',
    summary: 'Deleted photos wait 30 days in the trash before they are removed for good.',
  },
  {
    date: '2023-10-04',
    version: 'v1.79.0',
    title: 'External libraries',
    summary: 'Folders already on a disk or NAS appear in the timeline without being copied, rescanned every night.',
    link: { to: '/docs/features/libraries', label: 'External libraries' },
  },
  {
    date: '2023-07-27',
    version: 'v1.71.0',
    title: 'A new command-line tool',
    summary: 'The rewritten @memora/cli uploads whole folders with an API key and skips what the server already has.',
    link: { to: '/docs/features/command-line-interface', label: 'The CLI' },
  },
  {
    date: '2023-07-19',
    version: 'v1.69.0',
    title: 'Hardware transcoding',
    summary: 'Videos convert on NVENC, Quick Sync and VA-API instead of the CPU alone.',
    link: { to: '/docs/features/hardware-transcoding', label: 'Hardware transcoding' },
  },
  {
    date: '2023-07-15',
    version: 'v1.68.0',
    title: 'Map and place names',
    summary: 'A world map of your photos, with town names looked up offline from GeoNames data inside the image.',
    link: { to: '/docs/features/reverse-geocoding', label: 'Reverse geocoding' },
  },
  {
    date: '2023-07-01',
    version: 'v1.65.0',
    title: 'Partner sharing',
    summary: 'Share your whole timeline, read-only, with one other person on the same server.',
    link: { to: '/docs/features/partner-sharing', label: 'Partner sharing' },
  },
  {
    date: '2023-06-27',
    version: 'v1.64.0',
    title: 'Memories',
    summary: '“On this day” brings back photos from the same date in earlier years.',
    link: { to: '/blog/2023/07/29/update', label: 'Highlights of v1.64 to v1.71' },
  },
  {
    date: '2023-06-01',
    title: 'A second full-time maintainer',
    summary: 'Tomás Okafor joins Mara Lindqvist full time, working on machine learning and the server.',
    link: { to: '/blog/2023/06/24/update', label: 'The June update' },
  },
  {
    date: '2023-03-14',
    version: 'v1.49.0',
    title: 'Faces and people',
    summary: 'Face detection runs on every photo and a People page groups the faces it finds.',
    link: { to: '/docs/features/facial-recognition', label: 'Facial recognition' },
  },
  {
    date: '2023-01-20',
    version: 'v1.41.0',
    title: 'Smart search',
    summary: 'Search in plain words with CLIP, next to search by camera, lens, place and date.',
    link: { to: '/docs/features/search', label: 'Search' },
  },
  {
    date: '2022-12-10',
    version: 'v1.36.0',
    title: 'Background backup, albums and sharing',
    summary: 'The phone backs up on its own for the first time; albums and shared links arrive in the same release.',
    link: { to: '/blog/release-1-36', label: 'Release notes' },
  },
  {
    date: '2022-11-15',
    version: 'v1.33.0',
    title: 'Translations open',
    summary: 'The web and mobile apps can be translated by anyone on Weblate.',
    link: { to: '/docs/overview/support-the-project', label: 'Help translate' },
  },
  {
    date: '2022-09-28',
    version: 'v1.27.0',
    title: 'First command-line uploader',
    summary: 'Existing collections can be sent to the server from a computer, not only from a phone.',
  },
  {
    date: '2022-08-02',
    version: 'v1.20.0',
    title: 'Videos play everywhere',
    summary: 'Videos are transcoded on the server so every browser and phone can play them.',
  },
  {
    date: '2022-05-14',
    version: 'v1.9.0',
    title: 'Mobile apps in the stores',
    summary: 'Memora for Android and iOS is published on Google Play and the App Store.',
    link: { to: '/docs/features/mobile-app', label: 'The mobile app' },
  },
  {
    date: '2022-03-21',
    version: 'v1.0.0',
    title: 'First release',
    summary: 'A Docker Compose install, a web timeline and uploads from the phone while the app is open.',
    link: { to: '/docs/install/docker-compose', label: 'Install with Docker Compose' },
  },
  {
    date: '2022-02-03',
    title: 'First commit',
    summary: 'Mara Lindqvist starts a server that takes photos from her phone and shows them on a timeline.',
  },
];
