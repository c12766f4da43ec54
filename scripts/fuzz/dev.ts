// Category 1, dev mutations: a breaking (or odd) edit to a file of a running `docsite dev`, then the
// file restored. The server must stay up and answer, an error must name the file, and every sampled
// page must be as it was before the edit within a few seconds of the restore.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { applyMutation, makeMutation, type Mutation, type MutationKind } from './mutations.ts';
import type { Options } from './options.ts';
import { httpGet, ServerProcess, type HttpResult } from './processes.ts';
import { hashParts, mulberry32, pick, shuffle, stepRng } from './random.ts';
import type { FailureType, Results } from './report.ts';
import { copySite, kindOf, layoutOf, listSiteFiles, removeCopy, routeOfFile, type FileKind, type SiteName } from './site.ts';

/** Which kinds of file each step edits: a list with weights, shuffled per seed and taken in turn. */
export const DEV_PLAN: Array<[SiteName, MutationKind, number]> = [
  ['memora', 'doc', 4],
  ['memora', 'blog-post', 2],
  ['memora', 'data-yaml', 1],
  ['memora', 'api-intro', 1],
  ['memora', 'config', 2],
  ['memora', 'category', 2],
  ['memora', 'page-tsx', 2],
  ['memora', 'component', 2],
  ['memora', 'openapi', 3],
  ['memora', 'css', 1],
  ['memora', 'fs', 3],
  ['docusaurus', 'sidebars', 2],
  ['docusaurus', 'partial', 1],
  ['docusaurus', 'doc', 1],
  ['docusaurus', 'category', 1],
  ['docusaurus', 'component', 1],
  ['docusaurus', 'fs', 1],
  ['blog', 'page-mdx', 1],
  ['blog', 'blog-post', 1],
  ['blog', 'page-tsx', 1],
];

export function planOf(seed: number, category: string, plan: Array<[SiteName, MutationKind, number]>, sites: SiteName[]): Array<[SiteName, MutationKind]> {
  const expanded = plan.filter(([site]) => sites.includes(site)).flatMap(([site, kind, weight]) => Array.from({ length: weight }, () => [site, kind] as [SiteName, MutationKind]));
  return shuffle(mulberry32(hashParts(seed, category, 'plan')), expanded);
}

const PAGE_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 90_000;

interface Session {
  site: SiteName;
  dir: string;
  server: ServerProcess;
  routes: string[];
}

/** One running dev server per site, started when first needed and replaced after a failure. */
class Sessions {
  private readonly sessions = new Map<SiteName, Session>();

  constructor(private readonly keep: boolean) {}

  async get(site: SiteName): Promise<Session> {
    const existing = this.sessions.get(site);
    if (existing && existing.server.alive()) return existing;
    if (existing) await this.close(site);
    const dir = copySite(site);
    if (this.keep) console.log(`      dev copy of ${site}: ${dir}`);
    const server = await ServerProcess.start('dev', dir, START_TIMEOUT_MS);
    // Compile everything first (the search files wait for it), so lists quoting other pages are complete
    // in the baselines.
    await httpGet(server.origin, '/__docsite/search-doc.json', 180_000);
    const manifest = await httpGet(server.origin, '/__docsite/manifest.json', PAGE_TIMEOUT_MS);
    const routes = 'status' in manifest ? Object.keys((JSON.parse(manifest.body) as { routes: Record<string, string> }).routes) : ['/'];
    const session = { site, dir, server, routes };
    this.sessions.set(site, session);
    return session;
  }

  async close(site: SiteName): Promise<void> {
    const session = this.sessions.get(site);
    if (!session) return;
    this.sessions.delete(site);
    await session.server.stop();
    if (!this.keep) removeCopy(session.dir);
  }

  async closeAll(): Promise<void> {
    for (const site of [...this.sessions.keys()]) await this.close(site);
  }
}

/** What legitimately differs between two renders of the same page in dev: route chunk ids and versions. */
export function normalisePage(html: string): string {
  return html.replace(/\/__docsite\/r\/\d+\//g, '/__docsite/r/N/').replace(/([?&])v=\d+/g, '$1v=N');
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const excerpt = (text: string) => JSON.stringify(text.slice(Math.max(0, i - 60), i + 80));
  return `first difference at character ${i}: before ${excerpt(a)}, after ${excerpt(b)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the server's first event after `from`, then for the events to stop for a moment. */
async function settle(server: ServerProcess, from: number, limitMs: number): Promise<boolean> {
  const deadline = performance.now() + limitMs;
  while (server.events.length <= from) {
    if (performance.now() > deadline || !server.alive()) return false;
    await sleep(25);
  }
  let seen = server.events.length;
  let quietSince = performance.now();
  while (performance.now() - quietSince < 300 && performance.now() < deadline) {
    await sleep(50);
    if (server.events.length !== seen) {
      seen = server.events.length;
      quietSince = performance.now();
    }
  }
  return true;
}

/** The error reports since an edit: build-error events, error pages, and `error` blocks in the terminal. */
function errorReports(server: ServerProcess, eventsFrom: number, outputFrom: number, pages: Array<[string, HttpResult]>): Array<{ channel: string; text: string }> {
  const reports: Array<{ channel: string; text: string }> = [];
  for (const event of server.events.slice(eventsFrom)) {
    if (event.event === 'build-error') reports.push({ channel: 'build-error event', text: JSON.stringify(event.data) });
  }
  for (const [path, page] of pages) {
    if ('status' in page && page.status >= 500) reports.push({ channel: `error page of ${path} (${page.status})`, text: page.body });
  }
  const lines = server.output().slice(outputFrom).split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^error\b/.test(lines[i]!)) continue;
    const block = [lines[i]!];
    while (i + 1 < lines.length && /^(\s|>)/.test(lines[i + 1]!)) block.push(lines[++i]!);
    reports.push({ channel: 'terminal', text: block.join('\n') });
  }
  return reports;
}

function describeResult(result: HttpResult | undefined): string {
  if (!result) return 'not fetched';
  return 'status' in result ? `HTTP ${result.status}` : `${result.error}: ${result.message}`;
}

export async function runDevCategory(seed: number, steps: number[], options: Options, results: Results, timeLeft: () => number): Promise<void> {
  const plan = planOf(seed, 'dev', DEV_PLAN, options.sites);
  const sessions = new Sessions(options.keep);
  try {
    for (const index of steps) {
      if (timeLeft() <= 0) {
        results.skipped('dev', steps.length - steps.indexOf(index));
        break;
      }
      const [site, kind] = plan[(index - 1) % plan.length]!;
      const started = performance.now();
      let name = `${site}:${kind}`;
      let what = `${site}: a ${kind} mutation`;
      const failures: Array<{ type: FailureType; detail: string }> = [];
      let note: string | undefined;
      let timer: NodeJS.Timeout | undefined;
      try {
        const step = async () => {
          const session = await sessions.get(site);
          const mutation = makeMutation(stepRng(seed, 'dev', index), session.dir, kind, { breakingOnly: false });
          name = `${site}:${mutation.name}`;
          what = `${site}: ${mutation.description}`;
          note = await devStep(session, mutation, stepRng(seed, 'dev-sample', index), options, failures);
        };
        await Promise.race([
          step(),
          new Promise<void>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`the step did not finish within ${options.stepTimeoutMs / 1000} s`)), options.stepTimeoutMs);
          }),
        ]);
      } catch (error) {
        failures.push({ type: /did not finish/.test(String(error)) ? 'hang' : 'other', detail: error instanceof Error ? error.message : String(error) });
      } finally {
        clearTimeout(timer);
      }
      // A failure may leave the server in any state: the next step starts from a fresh copy (an error that
      // only named the wrong file leaves nothing behind).
      if (failures.some((failure) => failure.type !== 'unnamed-error')) await sessions.close(site);
      results.record({ category: 'dev', seed, step: String(index), name, what, failures, ms: performance.now() - started, ...(note ? { note } : {}) });
    }
  } finally {
    await sessions.closeAll();
  }
}

async function devStep(session: Session, mutation: Mutation, rng: () => number, options: Options, failures: Array<{ type: FailureType; detail: string }>): Promise<string | undefined> {
  const { server, dir, routes } = session;
  // The page of the file edited (for a rename, of the file as it was).
  const first = mutation.changes[0]!;
  const file = first.type === 'rename' ? first.from : first.path;
  const layout = layoutOf(dir);
  const added = first.type === 'write' && !existsSync(join(dir, file)) && file.startsWith(`${layout.docs}/`);
  // A page being added is not a route yet: its URL answers 404 before the edit and must again after.
  const target = added ? `/docs/${file.slice(layout.docs.length + 1).replace(/\.mdx?$/, '')}` : routeOfFile(dir, file, mutation.kind === 'fs' ? (kindOf(file, layout) ?? 'doc') : (mutation.kind as FileKind), routes);
  const others = routes.filter((route) => route !== target && route !== '/' && route !== '/docs/api' && !route.startsWith('/__'));
  const sample = [...new Set([target, ...(others.length ? [pick(rng, others)] : []), ...(routes.includes('/docs/api') ? ['/docs/api'] : []), '/'])];

  // Baselines, before the edit.
  const baseline = new Map<string, { status: number; page: string }>();
  for (const path of sample) {
    const page = await httpGet(server.origin, path, PAGE_TIMEOUT_MS);
    if (!('status' in page) || page.status >= 500) throw new Error(`before the edit, ${path} gave ${describeResult(page)}: the previous step left the site broken`);
    baseline.set(path, { status: page.status, page: normalisePage(page.body) });
  }
  const siteFiles = listSiteFiles(dir);

  // The edit.
  const eventsFrom = server.events.length;
  const outputFrom = server.output().length;
  const undo = applyMutation(dir, mutation);
  let reacted: boolean;
  let afterEdit: HttpResult;
  try {
    reacted = await settle(server, eventsFrom, options.settleMs);
    afterEdit = await httpGet(server.origin, target, PAGE_TIMEOUT_MS);
  } catch (error) {
    undo.restore();
    throw error;
  }
  // Let the terminal catch up with what the request printed.
  await sleep(100);
  if (!server.alive()) {
    failures.push({ type: 'crash', detail: `the dev server ${server.exitDescription()} after the edit; its last output:\n${server.output().slice(outputFrom).slice(-1500)}` });
    undo.restore();
    return undefined;
  }
  if (!('status' in afterEdit)) {
    const live = await httpGet(server.origin, '/__docsite/manifest.json', 5000);
    failures.push({ type: 'status' in live ? 'no-answer' : 'hang', detail: `after the edit, ${target} got no answer (${afterEdit.message})${'status' in live ? '' : '; the server answers nothing else either'}` });
  }
  const accepted = mutation.names.length ? mutation.names : [...siteFiles, ...mutation.changes.map((change) => (change.type === 'rename' ? change.to : change.path))];
  const reports = errorReports(server, eventsFrom, outputFrom, [[target, afterEdit]]);
  const seen = new Set<string>();
  for (const report of reports) {
    if (accepted.some((name) => report.text.includes(name))) continue;
    const key = `${report.channel}\0${report.text.slice(0, 200)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    failures.push({ type: 'unnamed-error', detail: `${report.channel} does not name ${mutation.names.length ? mutation.names.join(' or ') : 'any site file'}: ${report.text.slice(0, 400)}` });
  }
  const hadError = reports.length > 0;

  // The restore: every sampled page must come back as it was.
  const restoreFrom = server.events.length;
  undo.restore();
  const restoredAt = performance.now();
  const pending = new Set(sample);
  const last = new Map<string, HttpResult>();
  while (pending.size && performance.now() - restoredAt < options.restoreMs) {
    for (const path of [...pending]) {
      const remaining = options.restoreMs - (performance.now() - restoredAt);
      const page = await httpGet(server.origin, path, Math.max(1000, remaining));
      last.set(path, page);
      const before = baseline.get(path)!;
      if ('status' in page && page.status === before.status && normalisePage(page.body) === before.page) pending.delete(path);
    }
    if (pending.size) await sleep(100);
  }
  if (!server.alive()) {
    failures.push({ type: 'crash', detail: `the dev server ${server.exitDescription()} after the restore; its last output:\n${server.output().slice(outputFrom).slice(-1500)}` });
    return undefined;
  }
  for (const path of pending) {
    const before = baseline.get(path)!;
    const now = last.get(path);
    const detail = now && 'status' in now ? (now.status !== before.status ? `HTTP ${before.status} before, ${now.status} ${options.restoreMs} ms after the restore` : firstDifference(before.page, normalisePage(now.body))) : describeResult(now);
    failures.push({ type: now && !('status' in now) ? 'no-answer' : 'left-different', detail: `${path} is not as it was ${options.restoreMs} ms after the restore: ${detail}` });
  }
  // An error overlay shown by open pages must go away with the fix.
  if (hadError && server.events.slice(eventsFrom).some((event) => event.event === 'build-error')) {
    const cleared = () => server.events.slice(restoreFrom).some((event) => event.event === 'build-ok');
    const deadline = restoredAt + options.restoreMs;
    while (!cleared() && performance.now() < deadline) await sleep(50);
    if (!cleared()) failures.push({ type: 'left-different', detail: `the error overlay stays: no build-ok event within ${options.restoreMs} ms of the restore` });
  }
  const reaction = reacted ? '' : 'no event after the edit';
  return [`sampled ${sample.join(' ')}`, reaction, hadError ? `${reports.length} error report${reports.length === 1 ? '' : 's'}` : 'no error'].filter(Boolean).join(', ');
}
