import type { Element, Root, RootContent } from 'hast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute } from 'mdast-util-mdx-jsx';
import { find, hastToReact, html as htmlSchema } from 'property-information';
import { escapeLikeReact } from '../shared/html';

// The HTML React renders for the module MDX compiles from a hast tree, written straight from the tree.
//
// Static content (HTML elements only) is all most docs pages have, and the build uses its HTML, never its module
// (bundle/virtual-modules.ts `keepsStaticHtml`). Going through MDX for it means hast -> estree -> JavaScript ->
// a function -> React's render, about a sixth of a page's compile. This writes the same bytes from the tree: the
// property names hast-util-to-estree gives React (`className`, `aria-label`, `style` for a table cell's `align`),
// and the markup React's server renderer writes for them (`class`, `tabindex`, `checked=""` last on an input, `<!--
// -->` between two texts in a row, `/>` for void elements, its escapes).
//
// It covers what Markdown and docsite's own plugins make. Anything else (a component, an expression, an attribute
// React treats specially) makes it give up: the file then compiles as a module as before, and React renders it.
// A test compiles fragments both ways and compares; `scripts/compare-static-html.mjs` does the same for whole sites.

/** Thrown inside the walk for a node this writer does not reproduce: the caller then gets undefined. */
class NotReproduced extends Error {}

/** The HTML of a tree's content, byte for byte as React renders MDX's module of it, or undefined when it cannot say. */
export function reactHtmlOf(tree: Root): string | undefined {
  try {
    const out: string[] = [];
    writeChildren(tree.children, out);
    return out.join('');
  } catch (error) {
    if (error instanceof NotReproduced) return undefined;
    throw error;
  }
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/**
 * Elements React's server renderer writes in a way of their own (a leading newline kept in `pre`, `value` on
 * `select`, resources hoisted to the head, another namespace for `svg` and `math`'s children): left to React.
 * `input` and lazy `img` are written here (below).
 */
const SPECIAL_ELEMENTS = new Set(['pre', 'textarea', 'listing', 'select', 'option', 'optgroup', 'script', 'style', 'title', 'meta', 'link', 'base', 'svg', 'math', 'html', 'head', 'body', 'noscript', 'template', 'picture', 'object', 'iframe', 'menuitem', 'form', 'button']);

/** Attributes React writes as `name=""` when true (and leaves out when false). */
const BOOLEAN_ATTRIBUTES = new Set(['async', 'controls', 'default', 'defer', 'disabled', 'hidden', 'loop', 'open', 'required', 'reversed', 'scoped', 'seamless', 'multiple', 'muted', 'checked']);

/** Props React handles otherwise than as a plain attribute of that name, or not at all (`src` and `href` are written below). */
const SPECIAL_PROPS = new Set(['style', 'value', 'selected', 'is', 'action', 'key', 'ref', 'children', 'dangerouslySetInnerHTML', 'innerHTML', 'suppressContentEditableWarning', 'suppressHydrationWarning']);

/** A prop and its value as MDX's module passes it to React: a string, `true`, or a table cell's alignment. */
type PropValue = string | true | { textAlign: string };

/** Elements whose line breaks between children hast-util-to-estree drops (React warns of any text in them). */
const TABLE_ELEMENTS = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);

const WHITESPACE = /^[ \t\n\f\r]*$/;

/**
 * `parent` says which of hast-util-to-estree's rules apply: at the root, white space before the first child and
 * after the last is dropped; in a table element, a line break between children.
 */
function writeChildren(children: readonly RootContent[], out: string[], parent: 'root' | 'table' | 'element' = 'root'): void {
  let first = 0;
  let end = children.length;
  if (parent === 'root') {
    while (first < end && isWhitespaceText(children[first]!)) first++;
    while (end > first && isWhitespaceText(children[end - 1]!)) end--;
  }
  // React separates two texts in a row with an empty comment, so the browser's hydration can tell them apart.
  let lastWasText = false;
  for (let index = first; index < end; index++) {
    const child = children[index]!;
    if (child.type === 'text') {
      if (!child.value || (parent === 'table' && child.value === '\n')) continue;
      if (lastWasText) out.push('<!-- -->');
      out.push(escapeLikeReact(child.value));
      lastWasText = true;
    } else if (child.type === 'element') {
      writeElement(child.tagName, hastProps(child), child.children, TABLE_ELEMENTS.has(child.tagName) ? 'table' : 'element', out);
      lastWasText = false;
    } else if (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') {
      // No name: a fragment (`<>`). A capitalised or dotted name, a component: writeElement gives up on it.
      if (!child.name) throw new NotReproduced();
      writeElement(child.name, jsxProps(child.attributes), child.children as RootContent[], 'element', out);
      lastWasText = false;
    } else if ((child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') && isEmptyExpression(child.data?.estree)) {
      // `{/* a comment */}` renders nothing, and the texts around it meet.
      continue;
    } else {
      throw new NotReproduced();
    }
  }
}

/** A text of white space only, or empty (which is no child at all). */
function isWhitespaceText(node: RootContent): boolean {
  return node.type === 'text' && WHITESPACE.test(node.value);
}

/** An expression of comments only: the compiled module drops it. */
function isEmptyExpression(program: unknown): boolean {
  return !!program && Array.isArray((program as { body?: unknown[] }).body) && (program as { body: unknown[] }).body.length === 0;
}

/** A hast element's properties as the props hast-util-to-estree gives it (React's names, joined lists). */
function hastProps(element: Element): Map<string, PropValue> {
  const props = new Map<string, PropValue>();
  let align: string | undefined;
  for (const property in element.properties) {
    const value = element.properties[property];
    const info = find(htmlSchema, property);
    if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value)) || (!value && info.boolean)) continue;
    const name = info.space ? (hastToReact[info.property] ?? info.property) : info.attribute;
    if (name === 'style') throw new NotReproduced();
    if (name === 'align' && (element.tagName === 'td' || element.tagName === 'th')) {
      align = String(value);
      continue;
    }
    props.set(name, value === true ? true : Array.isArray(value) ? value.join(info.commaSeparated ? ', ' : ' ').trim() : String(value));
  }
  if (align !== undefined) props.set('style', { textAlign: align });
  return props;
}

/** A JSX element's attributes as props: strings and `true`; the code block plugin's HTML as `dangerouslySetInnerHTML`. */
function jsxProps(attributes: ReadonlyArray<MdxJsxAttribute | MdxJsxExpressionAttribute>): Map<string, PropValue> {
  const props = new Map<string, PropValue>();
  for (const attribute of attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || props.has(attribute.name)) throw new NotReproduced();
    const value = attribute.value;
    if (value === null || value === undefined) props.set(attribute.name, true);
    else if (typeof value === 'string') props.set(attribute.name, value);
    else if (attribute.name === 'dangerouslySetInnerHTML') props.set('dangerouslySetInnerHTML', innerHtmlOf(value.data?.estree));
    else throw new NotReproduced();
  }
  return props;
}

/** `{__html: "…"}` as an expression's syntax tree, as code-blocks/index.ts writes it. */
function innerHtmlOf(program: unknown): string {
  const statement = (program as { body?: Array<{ type: string; expression?: { type: string; properties?: Array<{ type: string; computed?: boolean; key?: { type: string; name?: string }; value?: { type: string; value?: unknown } }> } }> } | undefined)?.body;
  const object = statement?.length === 1 && statement[0]!.type === 'ExpressionStatement' ? statement[0]!.expression : undefined;
  const property = object?.type === 'ObjectExpression' && object.properties?.length === 1 ? object.properties[0]! : undefined;
  if (property?.type !== 'Property' || property.computed || property.key?.type !== 'Identifier' || property.key.name !== '__html' || property.value?.type !== 'Literal' || typeof property.value.value !== 'string') throw new NotReproduced();
  return property.value.value;
}

function writeElement(tag: string, props: Map<string, PropValue>, children: readonly RootContent[], kind: 'table' | 'element', out: string[]): void {
  // Only plain lowercase names: a capitalised or dotted one is a component, a custom element (`my-element`) gets
  // React's own handling of its props.
  if (SPECIAL_ELEMENTS.has(tag) || !/^[a-z][a-z0-9]*$/.test(tag)) throw new NotReproduced();
  // React hoists a preload of an image that is not lazy (docsite's Markdown images are).
  if (tag === 'img' && props.get('loading') !== 'lazy') throw new NotReproduced();
  out.push(`<${tag}`);
  let innerHtml: string | undefined;
  // React writes an input's `checked` after its other attributes.
  let checked = false;
  for (const [name, value] of props) {
    if (name === 'dangerouslySetInnerHTML') innerHtml = value as string;
    else if (name === 'checked' && tag === 'input') checked = value === true || (typeof value === 'string' && value !== '');
    else writeAttribute(name, value, out);
  }
  if (checked) out.push(' checked=""');
  if (VOID_ELEMENTS.has(tag)) {
    if (children.length || innerHtml !== undefined) throw new NotReproduced();
    out.push('/>');
    return;
  }
  out.push('>');
  if (innerHtml !== undefined) {
    if (children.length) throw new NotReproduced();
    out.push(innerHtml);
  } else writeChildren(children, out, kind);
  out.push(`</${tag}>`);
}

/** One prop as React's server renderer writes it (`pushAttribute` in react-dom's Fizz). */
function writeAttribute(name: string, value: PropValue, out: string[]): void {
  if (typeof value === 'object') {
    // The one style this writer makes: a table cell's alignment.
    out.push(` style="text-align:${escapeLikeReact(value.textAlign.trim())}"`);
    return;
  }
  if (name === 'className' || name === 'tabIndex' || name === 'htmlFor') {
    if (value === true) throw new NotReproduced();
    out.push(` ${name === 'className' ? 'class' : name === 'tabIndex' ? 'tabindex' : 'for'}="${escapeLikeReact(value)}"`);
    return;
  }
  if (name === 'href' || name === 'src') {
    // React leaves out an empty URL, and rewrites a `javascript:` one.
    if (value === true || /^[\u0000-\u001F ]*j/i.test(value)) throw new NotReproduced();
    if (value !== '') out.push(` ${name}="${escapeLikeReact(value)}"`);
    return;
  }
  if (name === 'start') {
    if (value === true || Number.isNaN(Number(value))) throw new NotReproduced();
    out.push(` start="${escapeLikeReact(value)}"`);
    return;
  }
  if (SPECIAL_PROPS.has(name)) throw new NotReproduced();
  if (/^(data|aria)-[a-z0-9-]*$/.test(name)) {
    out.push(` ${name}="${value === true ? 'true' : escapeLikeReact(value)}"`);
    return;
  }
  // Plain lowercase names: event handlers (`on…`) and React's own camelCase props are left to React.
  if (!/^[a-z]+$/.test(name) || name.startsWith('on')) throw new NotReproduced();
  if (value === true) {
    if (!BOOLEAN_ATTRIBUTES.has(name)) throw new NotReproduced();
    out.push(` ${name}=""`);
    return;
  }
  if (BOOLEAN_ATTRIBUTES.has(name)) throw new NotReproduced();
  out.push(` ${name}="${escapeLikeReact(value)}"`);
}
