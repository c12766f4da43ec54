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
  /**
   * The code in sections (`code` is `sections.join('\n')`), each starting at the top level of its language (a new
   * statement), so that each can be highlighted on its own and the results joined (`joinHighlightedSections`).
   * The payload is a section of its own: operations that send the same body (Kubernetes' create, replace and
   * patch of one kind) highlight it once, where the samples as wholes differ by their URLs.
   */
  sections: string[];
}

export function codeSamples(request: SampleRequest): CodeSample[] {
  const curlCode = curl(request);
  const js = javascript(request);
  const py = python(request);
  return [
    { language: 'curl', label: 'curl', highlight: 'bash', code: curlCode, sections: [curlCode] },
    { language: 'javascript', label: 'JavaScript', highlight: 'javascript', code: js.join('\n'), sections: js },
    { language: 'python', label: 'Python', highlight: 'python', code: py.join('\n'), sections: py },
  ];
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

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

/** The sample's sections: the payload's declaration (when the body is JSON), then the request. */
function javascript({ method, url, headers, body }: SampleRequest): string[] {
  const out: string[] = [];
  let payload: string | undefined;
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
    if (body.json !== undefined) {
      payload = `const payload = ${pretty(body.json)};`;
      bodyLine = 'body: JSON.stringify(payload),';
    }
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
  // A blank line after the payload: the request section starts with it.
  return payload === undefined ? [out.join('\n')] : [payload, `\n${out.join('\n')}`];
}

/** The sample's sections: imports and headers, the payload (when the body is JSON), then the request. */
function python({ method, url, headers, body }: SampleRequest): string[] {
  const out = ['import requests', ''];
  let payload: string | undefined;
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
    payload = `payload = ${pythonLiteral(body.json, '')}`;
    args.push('json=payload');
  }
  const request = ['', `response = requests.${method.toLowerCase()}(${args.join(', ')})`, 'response.raise_for_status()'];
  request.push(method.toLowerCase() === 'head' ? 'print(response.status_code)' : 'print(response.json() if "json" in response.headers.get("content-type", "") else response.status_code)');
  // Without headers the payload follows the blank line after the import.
  const head = (out.at(-1) === '' ? out.slice(0, -1) : out).join('\n');
  const gap = out.at(-1) === '' ? '\n' : '';
  return payload === undefined ? [[...out, ...request].join('\n')] : [head, `${gap}${payload}`, request.join('\n')];
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
