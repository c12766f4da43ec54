import { log } from '../../../core/log';
import type { MarkdownFile } from '../../../content/markdown-files';
import type { CompiledMarkdown } from '../../compile';

/**
 * Warns, at the fence's file:line, of every diagram whose syntax mermaid rejected. Run on each compile
 * result, cached or not, so a build from the cache warns as a fresh one does; a post's excerpt is the
 * same text as its post, so it is not reported twice.
 */
export function warnDiagramErrors(files: MarkdownFile[], compiled: ReadonlyMap<string, CompiledMarkdown>): void {
  for (const file of files) {
    if (file.key !== file.absolutePath) continue;
    for (const { line, message } of compiled.get(file.key)?.diagramErrors ?? []) {
      log.warn(`${file.source}:${line}: Mermaid diagram not drawn (its error text is shown in its place): ${message}`);
    }
  }
}
