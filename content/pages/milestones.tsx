import { Link } from 'docsite/client';
import { milestones, type Milestone } from '../src/data/milestones';
import '../src/css/milestones.css';

export const meta = {
  title: 'Milestones',
  description: 'Memora from its first commit to v1.94: the releases and moments that shaped it, newest first.',
};

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Milestones grouped by year, keeping the newest-first order of the data. */
function byYear(items: Milestone[]): [string, Milestone[]][] {
  const years = new Map<string, Milestone[]>();
  for (const item of items) {
    const year = item.date.slice(0, 4);
    years.set(year, [...(years.get(year) ?? []), item]);
  }
  return [...years.entries()];
}

function MilestoneItem({ milestone }: { milestone: Milestone }) {
  return (
    <li className="milestone">
      <span className="milestone-dot" aria-hidden="true" />
      <div className="milestone-card">
        <p className="milestone-meta">
          <time dateTime={milestone.date}>{dateFormat.format(new Date(`${milestone.date}T00:00:00Z`))}</time>
          {milestone.version && <span className="milestone-version">{milestone.version}</span>}
        </p>
        <h3 className="milestone-title">{milestone.title}</h3>
        <p className="milestone-summary">{milestone.summary}</p>
        {milestone.link && (
          <Link className="milestone-link" to={milestone.link.to}>
            {milestone.link.label} <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>
    </li>
  );
}

export default function Milestones() {
  return (
    <main id="main-content" className="milestones-page">
      <header className="milestones-header">
        <h1>Milestones</h1>
        <p>
          From the first commit in February 2022 to {milestones[0]!.version}: the releases and moments that shaped Memora, newest first.
          Every release has its full notes <a href="https://github.com/memora-photos/memora/releases">on GitHub</a>.
        </p>
      </header>
      {byYear(milestones).map(([year, items]) => (
        <section key={year} className="milestones-year" aria-labelledby={`year-${year}`}>
          <h2 id={`year-${year}`} className="milestones-year-title">
            {year}
          </h2>
          <ol className="milestones-list">
            {items.map((item) => (
              <MilestoneItem key={`${item.date}-${item.title}`} milestone={item} />
            ))}
          </ol>
        </section>
      ))}
    </main>
  );
}
