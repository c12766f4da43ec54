import type { ReactNode } from 'react';
import { Link, useBaseUrl } from 'docsite/client';
import { FeatureIcon, type FeatureIconName } from '../src/components/FeatureIcon';
import '../src/css/home.css';

export const meta = {
  title: 'Memora: self-hosted photo and video backup',
  description: 'Memora backs up the photos and videos of your phones to a server you run, with albums, sharing, smart search and faces, all under your control.',
};

const DEMO_URL = 'https://demo.memora.example';
const REPOSITORY = 'https://github.com/memora-photos/memora';

const FEATURES: { icon: FeatureIconName; title: string; text: string; to: string }[] = [
  { icon: 'backup', title: 'Automatic backup', text: 'The Android and iOS apps upload new photos and videos in the background, over Wi-Fi if you like.', to: '/docs/features/automatic-backup' },
  { icon: 'search', title: 'Smart search', text: 'Type “dog on a beach” or “red car in the snow”: CLIP finds them without a single tag.', to: '/docs/features/search' },
  { icon: 'faces', title: 'People', text: 'Faces are found and grouped on your own server. Name a person once, find them everywhere.', to: '/docs/features/facial-recognition' },
  { icon: 'map', title: 'Map and places', text: 'Every photo with GPS on a world map, with place names looked up offline.', to: '/docs/features/reverse-geocoding' },
  { icon: 'sharing', title: 'Albums and sharing', text: 'Shared albums with likes and comments, public links with expiry dates, and partner sharing.', to: '/docs/features/partner-sharing' },
  { icon: 'libraries', title: 'External libraries', text: 'Point Memora at folders you already have on a disk or NAS. It reads them and never changes them.', to: '/docs/features/libraries' },
  { icon: 'hardware', title: 'Hardware acceleration', text: 'Transcode on NVENC, Quick Sync, VA-API or RKMPP; run machine learning on CUDA, OpenVINO or ARM NN.', to: '/docs/features/hardware-transcoding' },
  { icon: 'memories', title: 'Memories', text: '“On this day” brings back the photos you took on the same date in earlier years.', to: '/docs/overview/introduction' },
];

const PARTS: { name: string; text: string }[] = [
  { name: 'Server', text: 'The REST API under /api and the web app, on port 2480.' },
  { name: 'Machine learning', text: 'Smart search and faces, on your hardware, port 3003.' },
  { name: 'PostgreSQL 16', text: 'With pgvector: your metadata, albums, people and search vectors.' },
  { name: 'Redis 7', text: 'The queue of background jobs: thumbnails, metadata, video.' },
  { name: 'Mobile apps', text: 'Android and iOS, with automatic background backup.' },
  { name: 'CLI', text: 'memora upload sends whole folders from any computer.' },
];

const INSTALL = `mkdir ~/memora && cd ~/memora
curl -fsSLo docker-compose.yml ${REPOSITORY}/releases/latest/download/docker-compose.yml
curl -fsSLo .env ${REPOSITORY}/releases/latest/download/example.env
docker compose up -d`;

/** Coloured tiles standing in for photos (colours 0 to 4), so the sketches cost no image bytes. */
function Tiles({ colours, columns }: { colours: number[]; columns: 3 | 5 }) {
  return (
    <div className={`home-tiles home-tiles-${columns}`}>
      {colours.map((colour, index) => (
        <span key={index} className={`home-tile home-tile-${colour}`} />
      ))}
    </div>
  );
}

/** A section with its heading; the heading names the section for screen readers. */
function HomeSection({ id, title, className = '', children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={`home-section ${className}`.trim()} aria-labelledby={id}>
      <h2 id={id} className="home-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A timeline sketched in CSS. */
function TimelineSketch() {
  return (
    <div className="home-sketch" aria-hidden="true">
      <div className="home-sketch-bar">
        <span />
        <span />
        <span />
      </div>
      <div className="home-sketch-body">
        <p className="home-sketch-date">Saturday, June 24</p>
        {/* A fixed shuffle, so no column repeats one colour. */}
        <Tiles columns={5} colours={[0, 3, 1, 4, 2, 2, 0, 4, 1, 3, 4, 1, 3, 2, 0]} />
      </div>
    </div>
  );
}

function PhoneSketch() {
  return (
    <div className="home-phone" aria-hidden="true">
      <div className="home-phone-screen">
        <p className="home-phone-title">Backup</p>
        <div className="home-phone-progress">
          <span />
        </div>
        <p className="home-phone-line">1,284 of 1,302 assets backed up</p>
        <Tiles columns={3} colours={[1, 3, 0, 2, 4, 1, 3, 0, 2]} />
      </div>
    </div>
  );
}

export default function Home() {
  const mark = useBaseUrl('/img/logo/memora-mark.svg');
  return (
    <main id="main-content" className="home">
      <section className="home-hero">
        <div className="home-hero-text">
          <img className="home-mark" src={mark} width="64" height="64" alt="" />
          <p className="home-eyebrow">Open source · AGPL v3</p>
          <h1 className="home-title">
            Your photos and videos, <span className="home-title-accent">on your own server</span>
          </h1>
          <p className="home-tagline">Self-hosted photo and video backup, under your control.</p>
          <p className="home-lede">
            Memora backs up every phone in the house to a machine you own, and gives you a fast timeline, albums, sharing, smart search and
            people, without sending a single picture to someone else’s cloud.
          </p>
          <div className="home-actions">
            <Link className="home-button home-button-primary" to="/docs/overview/quick-start">
              Get started
            </Link>
            <a className="home-button" href={DEMO_URL}>
              Try the demo
            </a>
            <Link className="home-button home-button-quiet" to="/docs/overview/introduction">
              Read the docs
            </Link>
          </div>
        </div>
        <TimelineSketch />
      </section>

      <section className="home-warning" aria-label="Development status">
        <p>
          <strong>Memora is under very active development.</strong> Expect bugs and breaking changes, read the release notes before you upgrade,
          and never keep Memora as the only copy of your photos and videos: <Link to="/docs/administration/backup-and-restore">back it up</Link>.
        </p>
      </section>

      <HomeSection id="home-features" title="Everything a photo library needs">
        <ul className="home-features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="home-feature">
              <span className="home-feature-icon">
                <FeatureIcon name={feature.icon} />
              </span>
              <h3>
                <Link to={feature.to}>{feature.title}</Link>
              </h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <section className="home-section home-split" aria-labelledby="home-mobile">
        <div>
          <h2 id="home-mobile" className="home-section-title">
            Backup that happens on its own
          </h2>
          <p>
            Install <strong>Memora</strong> from Google Play or the App Store, sign in with your server’s address, and pick the albums to back up.
            New photos go to the server in the background, only on Wi-Fi or only while charging if you prefer. Checksums make sure nothing is
            uploaded twice.
          </p>
          <p>
            <Link to="/docs/features/mobile-app">The mobile app</Link> · <Link to="/docs/features/automatic-backup">Automatic backup</Link>
          </p>
        </div>
        <PhoneSketch />
      </section>

      <HomeSection id="home-parts" title="Four containers and two clients">
        <p className="home-section-lede">
          Memora is a handful of well-known parts that Docker Compose starts together. Only the server is published on your network.
        </p>
        <ul className="home-parts">
          {PARTS.map((part) => (
            <li key={part.name}>
              <h3>{part.name}</h3>
              <p>{part.text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <section className="home-section" aria-labelledby="home-install">
        <div className="home-install-text">
          <h2 id="home-install" className="home-section-title">
            Running in ten minutes
          </h2>
          <p>
            You need a 64-bit Linux machine with Docker Engine 24 or newer, 4 GB of memory and a disk for your library. Set a database password in{' '}
            <code>.env</code>, start the stack, and open <code>http://&lt;host&gt;:2480</code>.
          </p>
          <p>
            <Link to="/docs/install/requirements">Requirements</Link> · <Link to="/docs/install/docker-compose">Install with Docker Compose</Link>
          </p>
        </div>
        <figure className="home-install-figure" aria-label="Install commands">
          <pre className="home-install">
            <code>{INSTALL}</code>
          </pre>
        </figure>
      </section>

      <HomeSection id="home-open-source" title="Free software, built in the open" className="home-open">
        <p>
          Memora is licensed under the GNU Affero General Public License v3. Its code, issues and roadmap live on GitHub, and more than 260 people
          have contributed code so far; many more translate the apps and answer questions.
        </p>
        <div className="home-actions home-actions-center">
          <a className="home-button home-button-primary" href={REPOSITORY}>
            Source on GitHub
          </a>
          <Link className="home-button" to="/docs/overview/support-the-project">
            Support the project
          </Link>
          <Link className="home-button home-button-quiet" to="/milestones">
            Milestones
          </Link>
        </div>
      </HomeSection>
    </main>
  );
}
