import type { Node, Parent } from 'unist';

// The tree walk of docsite's own plugins.
//
// It does what unist-util-visit does for them, at a fraction of the cost: that one makes a closure and an array of
// ancestors for every node, and the plugins walk every page's tree about ten times, which was a fifth of a compile
// worker's time. Here one function per walk is made, and a walk for a block type (`code`, `heading`) does not go
// into paragraphs, headings and table cells, where only text and inline nodes can be.

/** A visitor's answer: `SKIP` leaves the node's children out; a number goes on at that index of the parent, children left out (the visitor replaced the node). */
export const SKIP = Symbol('skip');
export type WalkAnswer = void | undefined | typeof SKIP | number;

export type Visitor<T> = (node: T, index: number | undefined, parent: Parent | undefined) => WalkAnswer;

/** Types that are never inside phrasing content (a paragraph's, a heading's, a table cell's). */
const BLOCK_TYPES = new Set(['code', 'heading', 'containerDirective', 'leafDirective', 'mdxJsxFlowElement', 'mdxjsEsm', 'mdxFlowExpression', 'table', 'list', 'blockquote', 'thematicBreak', 'definition', 'footnoteDefinition', 'yaml']);

/** Nodes whose children are phrasing content only. */
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);

/**
 * Calls `visitor` on each node of `tree` whose type is `type` (on every node when undefined), the root included,
 * depth first in document order, with the node's index in its parent and the parent. A parent's children are read
 * as they are when the walk gets to each: a visitor may replace its node (`parent.children[index] = other`) or
 * splice the children after it.
 */
export function walk<T extends Node = Node>(tree: Node, type: string | undefined, visitor: Visitor<T>): void {
  const skipsPhrasing = type !== undefined && BLOCK_TYPES.has(type);
  const visit = (node: Node, index: number | undefined, parent: Parent | undefined): WalkAnswer => {
    if (type === undefined || node.type === type) {
      const answer = visitor(node as T, index, parent);
      if (answer === SKIP || typeof answer === 'number') return answer;
    }
    const children = (node as Partial<Parent>).children;
    if (!children || (skipsPhrasing && PHRASING_PARENTS.has(node.type))) return undefined;
    let at = 0;
    while (at < children.length) {
      const answer = visit(children[at]!, at, node as Parent);
      at = typeof answer === 'number' ? answer : at + 1;
    }
    return undefined;
  };
  visit(tree, undefined, undefined);
}
