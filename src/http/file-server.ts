import { statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import { encodePath } from './request-path';
import type { ResolvedFile } from './resolve-file';

// sirv streams the bytes (and byte ranges) of files the handler has already resolved. In
// production mode sirv lists the folder once, at start-up; `docsite build` then replaces the
// whole folder (staged and renamed), and the old list would miss every new file until a restart.
// So the list is made again whenever the folder is another one than the one listed (checked at
// most once a second), and at once when sirv's view disagrees with the disk.

const RECHECK_MS = 1000;

type SirvHandler = ReturnType<typeof sirv>;

export class FileServer {
  private handler: SirvHandler;
  private identity: string | undefined;
  private checkedAt = 0;
  private listedAt = 0;
  /** sirv saw another version of a file than the handler did: list again on the next request. */
  private stale = false;
  /** The stats the handler resolved, per response, to compare with sirv's. */
  private readonly expected = new WeakMap<ServerResponse, Stats>();

  constructor(
    private readonly dir: string,
    private readonly dev: boolean,
  ) {
    this.handler = this.list();
  }

  /** Streams the resolved file; `notFound` when even a fresh list lacks it (a name sirv cannot look up). */
  serve(req: IncomingMessage, res: ServerResponse, resolved: ResolvedFile, notFound: () => void): void {
    if (!this.dev) this.refreshIfChanged();
    // sirv looks names up NFC-normalised and percent-decoded once.
    req.url = encodePath(resolved.relative.normalize('NFC'));
    this.expected.set(res, resolved.stats);
    // sirv pipes a read stream into the response without listening for its errors: a file removed
    // between the lookup and the open (a build swapping folders) would take the whole server down.
    res.once('pipe', (source) => source.once('error', () => res.destroy()));
    this.handler(req, res, () => {
      if (this.dev || !this.mayListAgain()) return notFound();
      this.handler = this.list();
      this.handler(req, res, notFound);
    });
  }

  private list(): SirvHandler {
    this.identity = identityOf(this.dir);
    this.listedAt = this.checkedAt = Date.now();
    this.stale = false;
    return sirv(this.dir, {
      dev: this.dev,
      // The handler answers conditional requests itself, from the disk: sirv's list may be a second old.
      etag: false,
      extensions: [],
      dotfiles: false,
      setHeaders: (res, _pathname, stats) => {
        const expected = this.expected.get(res);
        if (expected && (expected.size !== stats.size || expected.mtimeMs !== stats.mtimeMs)) this.stale = true;
      },
    });
  }

  private refreshIfChanged(): void {
    const now = Date.now();
    if (this.stale && this.mayListAgain()) {
      this.handler = this.list();
      return;
    }
    if (now - this.checkedAt < RECHECK_MS) return;
    this.checkedAt = now;
    const identity = identityOf(this.dir);
    // Mid-swap the folder may be missing for a moment: keep the old list until the new folder is there.
    if (identity && identity !== this.identity) this.handler = this.list();
  }

  /** A file sirv cannot find may be new, or may be one it can never find: list again at most once a second. */
  private mayListAgain(): boolean {
    return Date.now() - this.listedAt >= RECHECK_MS || this.stale || identityOf(this.dir) !== this.identity;
  }
}

/** A replaced folder is a new inode; files added in place change its mtime. */
function identityOf(dir: string): string | undefined {
  const stats = statSync(dir, { throwIfNoEntry: false });
  return stats ? `${stats.ino}:${stats.mtimeMs}` : undefined;
}
