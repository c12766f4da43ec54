import { createHash } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RouteDefinition } from '../routes';
import { llmsFullPlan, llmsIndex, type LlmsFilesInput } from './llms-files';
import { writeMachineFiles, type PreviousFiles } from './machine-files';
import { docTwin, hasMarkdownTwin, markdownTwinFile } from './markdown-twins';

// The docs' `.md` twins and the llms files, written a batch of docs at a time. Together they are the site's Markdown
// twice over (83 MB of the main thread's heap at 5000 pages, with the rope that joined them, made while esbuild
// bundles, the build's busiest moment for memory): each twin is
// made, written and dropped, and llms-full.txt is streamed to its file as its docs come.

/** Docs made and written at once: enough to keep the disk busy, few enough to hold nothing big. */
const BATCH = 64;

export interface LlmsWriterInput extends LlmsFilesInput {
  /** A doc's source as the content stage read it, when it has it (the file is not read again). */
  sourceOf: (file: string) => string | undefined;
  /** Files of the site's own static folders: an llms file of the same name is the site's, not made. */
  ownFiles: ReadonlySet<string>;
  outDir: string;
  previous?: PreviousFiles;
}

/** Writes the twins, llms.txt and llms-full.txt; each file's hash, for the next build's record. */
export async function writeTwinsAndLlms({ config, routes, sourceOf, ownFiles, outDir, previous }: LlmsWriterInput): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  const index = ownFiles.has('/llms.txt') ? undefined : llmsIndex({ config, routes });
  if (index !== undefined) Object.assign(hashes, await writeMachineFiles(outDir, [{ file: 'llms.txt', contents: index }], previous));

  const plan = ownFiles.has('/llms-full.txt') ? undefined : llmsFullPlan({ config, routes });
  const twinDocs = config.llms.markdownPages ? routes.filter((route) => route.data.kind === 'doc' && hasMarkdownTwin(route)) : [];
  // The full file's docs first, in its order, then the docs it leaves out (other versions, unlisted ones).
  const inFull = new Set<RouteDefinition>(plan?.docs ?? []);
  const order = [...inFull, ...twinDocs.filter((route) => !inFull.has(route))];
  const full = plan && { plan, file: await StreamedFile.create(outDir, 'llms-full.txt') };
  try {
    await full?.file.write(full.plan.head);
    let parts = 0;
    for (let start = 0; start < order.length; start += BATCH) {
      const batch = order.slice(start, start + BATCH);
      const twins = await Promise.all(batch.map((route) => docTwin(route, route.contentFile === undefined ? undefined : sourceOf(route.contentFile))));
      const written = writeMachineFiles(outDir, batch.flatMap((route, i) => (twins[i] === undefined ? [] : [{ file: markdownTwinFile(route.path), contents: twins[i]! }])), previous);
      if (full) {
        let text = '';
        batch.forEach((route, i) => {
          const part = inFull.has(route) ? full.plan.part(route, twins[i]) : undefined;
          if (part !== undefined) text += (parts++ ? full.plan.separator : '') + part;
        });
        await full.file.write(text);
      }
      Object.assign(hashes, await written);
    }
    if (full) {
      await full.file.write(full.plan.tail);
      hashes['llms-full.txt'] = await full.file.finish(previous);
    }
  } finally {
    await full?.file.abandon();
  }
  return hashes;
}

/**
 * A file written in pieces under a temporary name, hashed as it goes: finished, it takes its name, or is dropped for
 * the previous output's file of the same hash (a build that changed no doc keeps llms-full.txt as it was).
 */
class StreamedFile {
  private readonly hash = createHash('sha1');
  private done = false;

  private constructor(
    private readonly handle: Awaited<ReturnType<typeof open>>,
    private readonly temporary: string,
    private readonly target: string,
    private readonly file: string,
  ) {}

  static async create(outDir: string, file: string): Promise<StreamedFile> {
    const target = join(outDir, file);
    const temporary = `${target}.${process.pid}.partial`;
    return new StreamedFile(await open(temporary, 'w'), temporary, target, file);
  }

  async write(text: string): Promise<void> {
    if (!text) return;
    this.hash.update(text);
    await this.handle.write(text);
  }

  /** Closes the file under its name, or drops it for the previous output's; its hash. */
  async finish(previous: PreviousFiles | undefined): Promise<string> {
    const hash = this.hash.digest('base64url');
    this.done = true;
    await this.handle.close();
    if (previous?.hashes[this.file] === hash && previous.output.take(this.file)) await rm(this.temporary, { force: true });
    else await rename(this.temporary, this.target);
    return hash;
  }

  /** A build that failed on the way leaves no piece behind (its staged output goes too, but a dev build's may not). */
  async abandon(): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.handle.close().catch(() => undefined);
    await rm(this.temporary, { force: true });
  }
}
