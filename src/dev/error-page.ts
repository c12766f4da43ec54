import type { ErrorReport } from '../core/print-error';
import { escapeAttribute } from '../shared/html';

/**
 * What the dev server answers for a page it cannot build: the error in plain HTML (readable even
 * without scripts), and the dev client, which shows the overlay and reloads once the file is fixed.
 */
export function errorPage(report: ErrorReport, base: string): string {
  const lines = [
    '<!DOCTYPE html>',
    '<html lang="en" data-dev-error="">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Build error | docsite dev</title>',
    '<style>body{margin:0;background:#1b1b1f;color:#e8e8ea;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}main{max-width:960px;margin:6vh auto;padding:0 16px}h1{color:#ff6369;font-size:20px}.where{color:#8ab4f8;font-weight:bold}pre{background:#111113;padding:12px 16px;border-radius:6px;overflow:auto}</style>',
    '</head>',
    '<body><main>',
    '<h1>Build error</h1>',
    report.where ? `<p class="where">${escapeAttribute(report.where)}</p>` : '',
    `<p>${escapeAttribute(report.message)}</p>`,
    report.frame ? `<pre>${escapeAttribute(report.frame)}</pre>` : '',
    report.details.length ? `<ul>${report.details.map((detail) => `<li>${escapeAttribute(detail)}</li>`).join('')}</ul>` : '',
    '<p>Fix the file and save: this page reloads by itself.</p>',
    '</main>',
    `<script type="module" src="${escapeAttribute(base)}__docsite/client/dev-client.js"></script>`,
    '</body></html>',
  ];
  return lines.filter(Boolean).join('\n');
}
