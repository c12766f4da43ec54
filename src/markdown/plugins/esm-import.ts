import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';

/**
 * `import name from "path"` as an MDX ESM node, with the estree MDX compiles from (a plugin that adds an import
 * after parsing has no source text for MDX to parse).
 */
export function defaultImportOf(name: string, path: string): MdxjsEsm {
  return {
    type: 'mdxjsEsm',
    value: `import ${name} from ${JSON.stringify(path)};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [{ type: 'ImportDeclaration', specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name } }], source: { type: 'Literal', value: path, raw: JSON.stringify(path) }, attributes: [] }],
      },
    },
  };
}
