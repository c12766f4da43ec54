import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ApiReference } from '../content/openapi';
import type { ApiServerChoice } from '../shared/api';
import type { SiteData } from '../shared/types';
import { apiConnectSources, headersFile, securityHeaders } from './security-headers';
import { REDIRECTS_FILE, redirectsFile } from './redirects-file';
import { seoFiles, type SeoFilesInput } from './seo-files';
import { siteHeaderRules, type StaticFiles } from './static-files';
import type { PreviousOutput } from '../core/previous-output';

// Every file of the output that is not a page, an asset or a static file: `_headers`, `_redirects`, the feeds,
// sitemap.xml, robots.txt and the OpenAPI document.

export interface MachineFile {
  /** Relative to the output folder. */
  file: string;
  contents: string;
}

export interface MachineFilesInput extends Omit<SeoFilesInput, 'staticFiles'> {
  site: SiteData;
  staticFiles: StaticFiles;
  api?: ApiReference;
  /** The inline scripts of the site's other locales, whose pages the same `_headers` serves. */
  otherInlineScripts?: string[];
}

export async function machineFiles(input: MachineFilesInput): Promise<MachineFile[]> {
  const { theme, site, staticFiles, api } = input;
  const scripts = [...new Set([...Object.values(theme.inlineScripts(site)), ...(input.otherInlineScripts ?? [])])];
  return [
    // Servers read `_headers` at the root of the output only: a translated locale's pages are served by the default's.
    ...(input.config.localeBuild ? [] : [{ file: '_headers', contents: headersFile(securityHeaders(scripts, api ? apiConnectSources(apiServers(api)) : []), await siteHeaderRules(staticFiles.dirs)) }]),
    ...seoFiles({ ...input, staticFiles: new Set(staticFiles.files) }),
    // Read at the root only, like `_headers`; a file of the site's own static folders wins.
    ...(input.config.localeBuild || staticFiles.files.includes(`/${REDIRECTS_FILE}`) ? [] : redirectsOf(input)),
    // The OpenAPI document, for readers and tools to download (one file, even when the source spans several).
    ...(api ? [{ file: api.specFile.path, contents: api.specFile.contents }] : []),
  ];
}

function redirectsOf({ routes, config }: MachineFilesInput): MachineFile[] {
  const contents = redirectsFile(routes, config.baseUrl);
  return contents ? [{ file: REDIRECTS_FILE, contents }] : [];
}

/** Every server an operation page's Try it panel offers. */
function apiServers(api: ApiReference): ApiServerChoice[] {
  return api.operations.flatMap((operation) => operation.data.servers ?? []);
}

/** What a build knows of the previous output's files: the output, and a hash of each file's contents (build-record.ts). */
export interface PreviousFiles {
  output: PreviousOutput;
  hashes: Readonly<Record<string, string>>;
}

/**
 * Writes the files; one the previous output holds with the same contents, as its hash says, is taken from there
 * instead (the `.md` twins of pages nobody edited), without reading either. Returns each file's hash, for the next
 * build.
 */
export async function writeMachineFiles(outDir: string, files: MachineFile[], previous?: PreviousFiles): Promise<Record<string, string>> {
  const folders = new Set(files.map(({ file }) => dirname(join(outDir, file))));
  await Promise.all([...folders].map((folder) => mkdir(folder, { recursive: true })));
  const hashes: Record<string, string> = {};
  for (let i = 0; i < files.length; i += 64) {
    await Promise.all(
      files.slice(i, i + 64).map(async ({ file, contents }) => {
        const hash = (hashes[file] = contentHash(contents));
        if (previous?.hashes[file] !== hash || !previous.output.take(file)) await writeFile(join(outDir, file), contents);
      }),
    );
  }
  return hashes;
}

function contentHash(contents: string): string {
  return createHash('sha1').update(contents).digest('base64url');
}
