import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { imageSize } from 'image-size';
import type { Image, Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { walk } from '../walk';
import type { VFile } from 'vfile';
import { withBase } from '../../../shared/url';
import { defaultImportOf } from '../esm-import';

// Images written in Markdown:
// - `![alt](./img/x.png)` (next to the page): imported, so the bundler copies it with a hashed name;
// - `![alt](/img/x.png)` (from static/): the base URL is applied;
// - both get the image's width and height, so the page does not shift when it loads;
// - an image next to the page that does not exist fails the build at its line, as a broken link does.

export interface ImageOptions {
  siteDir: string;
  staticDirs: string[];
  baseUrl: string;
}

export function remarkImages(options: ImageOptions) {
  return (tree: Root, file: VFile) => {
    // Most pages have no image: skip the walk over their tree.
    if (!String(file.value).includes('![')) return;
    const imports: MdxjsEsm[] = [];
    walk<Image>(tree, 'image', (node, index, parent) => {
      if (!parent || index === undefined || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(node.url) || node.url.startsWith('#')) return;
      const [path = '', suffix = ''] = node.url.split(/(?=[?#])/);
      let decoded = path;
      try {
        decoded = decodeURI(path);
      } catch {
        return;
      }
      if (decoded.startsWith('/')) {
        const onDisk = options.staticDirs.map((dir) => join(options.siteDir, dir, decoded)).find(isReadable);
        parent.children[index] = imageElement(node, { value: withBase(options.baseUrl, path) + suffix }, onDisk);
        return;
      }
      const onDisk = resolve(dirname(file.path), decoded);
      if (!isReadable(onDisk)) {
        file.fail(`image not found: ${node.url} (no such file next to this page)`, { place: node.position, source: 'docsite', ruleId: 'image' });
      }
      const name = `__docsiteImage${imports.length}`;
      imports.push(defaultImportOf(name, onDisk));
      parent.children[index] = imageElement(node, { expression: name }, onDisk);
    });
    tree.children.unshift(...imports);
  };
}

function isReadable(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

function dimensionsOf(path: string | undefined): { width: number; height: number } | undefined {
  if (!path) return undefined;
  try {
    const size = imageSize(readFileSync(path));
    return size.width && size.height ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  }
}

function imageElement(node: Image, src: { value: string } | { expression: string }, onDisk: string | undefined): MdxJsxTextElement {
  const attributes: MdxJsxAttribute[] = [
    { type: 'mdxJsxAttribute', name: 'src', value: 'value' in src ? src.value : expressionValue(src.expression) },
    { type: 'mdxJsxAttribute', name: 'alt', value: node.alt ?? '' },
  ];
  if (node.title) attributes.push({ type: 'mdxJsxAttribute', name: 'title', value: node.title });
  const size = dimensionsOf(onDisk);
  if (size) attributes.push({ type: 'mdxJsxAttribute', name: 'width', value: String(size.width) }, { type: 'mdxJsxAttribute', name: 'height', value: String(size.height) });
  attributes.push({ type: 'mdxJsxAttribute', name: 'loading', value: 'lazy' }, { type: 'mdxJsxAttribute', name: 'decoding', value: 'async' });
  return { type: 'mdxJsxTextElement', name: 'img', attributes, children: [], ...(node.position ? { position: node.position } : {}) };
}

/** `{name}` as an attribute value, with the expression tree MDX compiles from. */
function expressionValue(name: string): MdxJsxAttribute['value'] {
  return {
    type: 'mdxJsxAttributeValueExpression',
    value: name,
    data: { estree: { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression: { type: 'Identifier', name } }] } },
  };
}
