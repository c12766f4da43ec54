// Ready-to-run requests for one operation in curl, JavaScript (fetch) and Python (requests), built
// from its method, URL, required parameters, authentication and an example body.

export interface SampleRequest {
  method: string;
  /** Full URL with path parameters filled in and the query string attached. */
  url: string;
  headers: [name: string, value: string][];
  body?: { mediaType: string; json?: unknown; form?: [name: string, value: string, isFile: boolean][] };
}

export interface CodeSample {
  language: 'curl' | 'javascript' | 'python';
  label: string;
  highlight: 'bash' | 'javascript' | 'python';
  code: string;
}

export function codeSamples(request: SampleRequest): CodeSample[] {
  return [
    { language: 'curl', label: 'curl', highlight: 'bash', code: curl(request) },
    { language: 'javascript', label: 'JavaScript', highlight: 'javascript', code: javascript(request) },
    { language: 'python', label: 'Python', highlight: 'python', code: python(request) },
  ];
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`);

function curl({ method, url, headers, body }: SampleRequest): string {
  const lines = [`curl -X ${method.toUpperCase()} ${shellQuote(url)}`];
  for (const [name, value] of headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (body?.form) {
    for (const [name, value, isFile] of body.form) lines.push(`-F ${shellQuote(`${name}=${isFile ? `@${value}` : value}`)}`);
  } else if (body) {
    lines.push(`-H ${shellQuote(`Content-Type: ${body.mediaType}`)}`);
    if (body.json !== undefined) lines.push(`-d ${shellQuote(pretty(body.json))}`);
  }
  return lines.join(' \\\n  ');
}

function javascript({ method, url, headers, body }: SampleRequest): string {
  const out: string[] = [];
  const allHeaders = [...headers];
  let bodyLine: string | undefined;
  if (body?.form) {
    out.push('const form = new FormData();');
    for (const [name, value, isFile] of body.form) {
      out.push(isFile ? `form.append(${JSON.stringify(name)}, await fileFromDisk(${JSON.stringify(value)}));` : `form.append(${JSON.stringify(name)}, ${JSON.stringify(value)});`);
    }
    if (body.form.some(([, , isFile]) => isFile)) {
      out.unshift(
        "import { readFile } from 'node:fs/promises';",
        "import { basename } from 'node:path';",
        '',
        'const fileFromDisk = async (path) => new File([await readFile(path)], basename(path));',
      );
    }
    out.push('');
    bodyLine = 'body: form,';
  } else if (body) {
    allHeaders.push(['Content-Type', body.mediaType]);
    if (body.json !== undefined) bodyLine = `body: JSON.stringify(${indent(pretty(body.json), '  ')}),`;
  }
  out.push(`const response = await fetch(${JSON.stringify(url)}, {`);
  out.push(`  method: ${JSON.stringify(method.toUpperCase())},`);
  if (allHeaders.length) {
    out.push('  headers: {');
    for (const [name, value] of allHeaders) out.push(`    ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ${JSON.stringify(value)},`);
    out.push('  },');
  }
  if (bodyLine) out.push(`  ${bodyLine}`);
  out.push('});');
  out.push('if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);');
  out.push(`console.log(${method.toLowerCase() === 'head' ? 'response.status' : "response.headers.get('content-type')?.includes('json') ? await response.json() : response.status"});`);
  return out.join('\n');
}

function python({ method, url, headers, body }: SampleRequest): string {
  const out = ['import requests', ''];
  const args = [JSON.stringify(url)];
  if (headers.length) {
    out.push('headers = {');
    for (const [name, value] of headers) out.push(`    ${JSON.stringify(name)}: ${JSON.stringify(value)},`);
    out.push('}');
    args.push('headers=headers');
  }
  if (body?.form) {
    const fields = body.form.filter(([, , isFile]) => !isFile);
    const files = body.form.filter(([, , isFile]) => isFile);
    if (fields.length) {
      out.push('data = {');
      for (const [name, value] of fields) out.push(`    ${JSON.stringify(name)}: ${JSON.stringify(value)},`);
      out.push('}');
      args.push('data=data');
    }
    if (files.length) {
      out.push('files = {');
      for (const [name, value] of files) out.push(`    ${JSON.stringify(name)}: open(${JSON.stringify(value)}, "rb"),`);
      out.push('}');
      args.push('files=files');
    }
  } else if (body?.json !== undefined) {
    out.push(`payload = ${pythonLiteral(body.json, '')}`);
    args.push('json=payload');
  }
  out.push('', `response = requests.${method.toLowerCase()}(${args.join(', ')})`, 'response.raise_for_status()');
  out.push(method.toLowerCase() === 'head' ? 'print(response.status_code)' : 'print(response.json() if "json" in response.headers.get("content-type", "") else response.status_code)');
  return out.join('\n');
}

/** JSON -> a Python literal (True/False/None, same layout as JSON.stringify with 4 spaces). */
export function pythonLiteral(value: unknown, pad: string): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  const inner = `${pad}    `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)}`).join(',\n')},\n${pad}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)}`).join(',\n')},\n${pad}}`;
}
