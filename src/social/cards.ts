import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import type { SiteConfig } from '../config/schema';
import { linkOr } from '../core/fs-utils';
import type { PreviousOutput } from '../core/previous-output';
import { TEMPLATES_DIR } from '../core/paths';
import { createWorkerPool } from '../core/worker-pool';
import { workerUrl } from '../core/worker-thread';
import type { RouteDefinition } from '../routes';
import type { CardInput } from './draw-card';
import { cardCanWrite } from './font';
import { siteCacheDir } from '../core/cache-dir';

// Social cards: an Open Graph image drawn at build time for every doc and blog post without an `image` of its own
// (draw-card.ts draws one). Planned before the render stage, so each page's og:image and twitter:image name its
// card; drawn in worker threads while the pages render. Each card is named by a hash of what it shows and kept in
// .docsite/cache/cards: a build that changes nothing on a card copies it instead of drawing it again.

/** Bumped when the card's design changes: every card is drawn again. */
const DESIGN = 7;
/** Cards per message to a worker. */
const BATCH = 32;
/** A worker costs about 0.4 s to start (its font and shaper): a second one pays off from a few hundred cards. */
const CARDS_PER_WORKER = 400;

/** Cards left when the render ends below which another worker's start (about 0.3 s: its font) is not worth it. */
const MIN_CARDS_FOR_ANOTHER_WORKER = 192;
const CARD_DIR = 'assets/cards';

/**
 * A card worker's heap, held close (as the compile and search workers' are): a card needs a few megabytes, its pixels
 * and its PNG, and the workers run beside the render, after esbuild, where a site's memory can still peak.
 */
const CARD_WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 };

/** What a card worker is given. */
export interface CardWorkerData {
  /** Its thread runs at the lowest priority (Linux). */
  background: boolean;
}

export interface PlannedCard {
  input: CardInput;
  /** Relative to the output folder: `assets/cards/<hash>.png`. */
  file: string;
}

/** Gives every doc and post without an image its card (route.seo.image) and returns the cards to draw. */
export function planSocialCards(config: SiteConfig, routes: RouteDefinition[], siteDir: string): PlannedCard[] {
  if (!config.socialCards) return [];
  const colors = siteColors(config, siteDir);
  const logo = logoDataUrl(config, siteDir);
  const cards = new Map<string, PlannedCard>();
  for (const route of routes) {
    if ((route.data.kind !== 'doc' && route.data.kind !== 'blogPost') || route.caseAliasOf || route.noCanonical || route.seo?.image) continue;
    const section = route.data.kind === 'blogPost' ? 'Blog' : route.data.breadcrumbs.find((crumb) => crumb.label !== route.data.title)?.label;
    // A title in a script the bundled font lacks (Chinese, Japanese, Arabic…) gets no card rather than boxes.
    if (!cardCanWrite(`${route.data.title}${section ?? ''}${config.title}`)) continue;
    const input: CardInput = { title: route.data.title, siteTitle: config.title, colors, ...(section ? { section } : {}), ...(logo ? { logo } : {}) };
    const name = createHash('sha256').update(JSON.stringify([DESIGN, input])).digest('hex').slice(0, 16);
    const file = `${CARD_DIR}/${name}.png`;
    cards.set(file, { input, file });
    route.seo = { ...route.seo, image: `/${file}` };
  }
  return [...cards.values()];
}

/** Writes the cards into `outDir`: from the cache when drawn before, else drawn (in workers) into the cache first. */
/** `previous`: the previous output, whose cards (named by their content) are taken as they are. */
export interface CardDrawingOptions {
  /** When the work beside the cards (the render) is over: the cards still to draw then get every core. */
  coresFreeAfter?: Promise<unknown>;
  /** The card workers run at the lowest priority: they take what other work leaves of the cores. */
  background?: boolean;
}

export async function drawSocialCards(cards: PlannedCard[], outDir: string, siteDir: string, previous?: PreviousOutput, options: CardDrawingOptions = {}): Promise<{ drawn: number; cached: number }> {
  if (!cards.length) return { drawn: 0, cached: 0 };
  if (previous) cards = cards.filter((card) => !previous.take(card.file));
  if (!cards.length) return { drawn: 0, cached: 0 };
  const cacheDir = siteCacheDir(siteDir, 'cards');
  await Promise.all([mkdir(cacheDir, { recursive: true }), mkdir(join(outDir, CARD_DIR), { recursive: true })]);
  const cached = (card: PlannedCard) => join(cacheDir, card.file.slice(CARD_DIR.length + 1));
  const missing = cards.filter((card) => !existsSync(cached(card)));
  if (missing.length) {
    const batches: Array<{ input: CardInput; file: string }[]> = [];
    for (let i = 0; i < missing.length; i += BATCH) batches.push(missing.slice(i, i + BATCH).map((card) => ({ input: card.input, file: cached(card) })));
    await drawInWorkers(batches, options);
  }
  // Linked, not copied (18 MB at 1000 pages): a cached card is named by its content and never written in place.
  await Promise.all(cards.map((card) => linkOr(cached(card), join(outDir, card.file), () => copyFile(cached(card), join(outDir, card.file)))));
  return { drawn: missing.length, cached: cards.length - missing.length };
}

/**
 * The pages render while the cards are drawn: one core is left to that (on two cores, beside two card workers of
 * the same priority, a cold build's render stage took 4.3 s at 1000 pages against about 2 s alone); workers of the
 * lowest priority take only what the render leaves, so as many start as there are cores. Once the render is over,
 * the pool grows to every core if enough cards are left to pay for a worker's start: the build had waited on one card
 * worker for a second or more with a core idle.
 */
async function drawInWorkers(batches: Array<{ input: CardInput; file: string }[]>, { coresFreeAfter, background = false }: CardDrawingOptions): Promise<void> {
  const cores = availableParallelism();
  const workers = Math.max(1, Math.min(cores - (background ? 0 : 1), Math.ceil((batches.length * BATCH) / CARDS_PER_WORKER)));
  const pool = createWorkerPool<{ input: CardInput; file: string }[], number>(workerUrl('card-worker', import.meta.url), { workerData: { background } satisfies CardWorkerData, resourceLimits: CARD_WORKER_LIMITS }, workers);
  try {
    const drawing = Promise.all(batches.map((batch) => pool.run(batch)));
    if (coresFreeAfter) {
      Promise.race([drawing, coresFreeAfter]).then(
        () => {
          if (pool.queued * BATCH >= MIN_CARDS_FOR_ANOTHER_WORKER) pool.grow(cores);
        },
        () => undefined,
      );
    }
    await drawing;
  } finally {
    await pool.close();
  }
}

/**
 * The theme's background and text in the site's default colour mode, and its accent: the site's own primary colour
 * when a stylesheet of `customCss` sets Infima's `--ifm-color-primary` (as Docusaurus sites do), else the theme's.
 */
function siteColors(config: SiteConfig, siteDir: string): CardInput['colors'] {
  const tokens = readFileSync(join(TEMPLATES_DIR, 'styles', 'tokens.css'), 'utf8');
  const mode = config.themeConfig.colorMode.defaultMode;
  const block = new RegExp(`html\\[data-theme='${mode}'\\]\\s*\\{([^}]*)\\}`).exec(tokens)?.[1] ?? '';
  const token = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim();
  const dark = mode === 'dark';
  let accent = token('primary') ?? (dark ? '#8b9cff' : '#4f46e5');
  for (const file of config.customCss) {
    const path = join(siteDir, file);
    const own = existsSync(path) ? /--ifm-color-primary\s*:\s*([^;]+);/.exec(readFileSync(path, 'utf8'))?.[1]?.trim() : undefined;
    if (own) accent = own;
  }
  return { background: token('bg') ?? (dark ? '#0f1117' : '#ffffff'), accent, text: token('text') ?? (dark ? '#e8eaf0' : '#1b1d24') };
}

/** The navbar's logo (its dark-mode file on a dark card) as a data: URL, when it is a local SVG or PNG. */
function logoDataUrl(config: SiteConfig, siteDir: string): string | undefined {
  const logo = config.themeConfig.navbar.logo;
  const src = config.themeConfig.colorMode.defaultMode === 'dark' ? (logo?.srcDark ?? logo?.src) : logo?.src;
  if (!src || /^[a-z]+:/i.test(src)) return undefined;
  const type = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' }[extname(src).toLowerCase()];
  if (!type) return undefined;
  for (const dir of config.staticDirectories) {
    const path = join(siteDir, dir, src.replace(/^\//, ''));
    if (existsSync(path)) return `data:${type};base64,${readFileSync(path).toString('base64')}`;
  }
  return undefined;
}
