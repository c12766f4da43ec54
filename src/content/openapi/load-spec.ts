import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import type * as OpenApiParser from '@readme/openapi-parser';
import type { ParserOptions } from '@readme/openapi-parser';
import { lazyPackage } from '../../core/lazy-package';
import { fileURLToPath } from 'node:url';
import { DocsiteError } from '../../core/errors';
import { isRecord } from '../../shared/is-record';
import { walkDocument } from './document-walk';
import { resolvePointer } from './refs';
import { resolveSchemaIds, withoutSchemaIds } from './schema-ids';
import { parseSourceFile, pointerTokens, toPointer, type ParsedSource } from './source-map';
import { convertSwagger2, swaggerPointerOf } from './swagger2';
import type { OpenApiDocument } from './types';
import { checkStructure, type SpecWarning } from './lenient';

const openApiParser = lazyPackage<typeof OpenApiParser>('@readme/openapi-parser');

// Reading the OpenAPI document: parse (with positions), bundle the files it `$ref`s into one
// document with internal references only (a Swagger 2.0 one is then converted to OpenAPI 3.0), then check that every reference resolves and that the
// document has the structure the OpenAPI schema of its version demands. Every problem names the
// file, the JSON pointer and, where it is in the main file, the line and column.

export interface LoadedSpec {
  document: OpenApiDocument;
  /** Site-relative path of the main file. */
  source: string;
  /** The text to publish for download: the file itself, or the bundle when it spans several files. */
  publishedText: string;
  format: 'yaml' | 'json';
  /** Fails the build at a pointer of the main file. */
  fail(pointer: string, message: string): never;
  /** line:column of a pointer of the main file, when it is there. */
  locate(pointer: string): { line: number; column: number } | undefined;
  /** Schema violations the reference was built despite (none with `strict`). */
  warnings: SpecWarning[];
}

export interface LoadSpecOptions {
  /** Fail on every schema violation (`api.strict`), not only on those that leave nothing to build. */
  strict?: boolean;
}

export async function loadSpec(absolutePath: string, siteDir: string, { strict = false }: LoadSpecOptions = {}): Promise<LoadedSpec> {
  const source = relative(siteDir, absolutePath).split('\\').join('/');
  let text: string;
  try {
    text = await readFile(absolutePath, 'utf8');
  } catch (error) {
    throw new DocsiteError(`cannot read the OpenAPI document (api.spec): ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`, { file: source }, { cause: error });
  }
  // JSON by its name, or by its text when the name says nothing (Kubernetes' `swagger.json.unprocessed`): a
  // converted or bundled document is published in the format it came in, and JSON is far quicker to write.
  const format = /\.json$/i.test(absolutePath) || (!/\.ya?ml$/i.test(absolutePath) && /^\s*\{/.test(text)) ? 'json' : 'yaml';
  const parsed = parseSourceFile(text, source);
  const root = parsed.value;
  const swagger = isRecord(root) && root.openapi === undefined && (root.swagger === '2.0' || root.swagger === 2); // unquoted, YAML reads 2.0 as the number 2
  // Pointers into a converted Swagger document are looked up where their part sits in the file.
  const locate = (pointer: string) => parsed.locate(swagger ? swaggerPointerOf(pointer) : pointer);
  const fail: (pointer: string, message: string) => never = (pointer, message) => {
    throw new DocsiteError(`${message} (at ${pointer})`, { file: source, ...locate(pointer) });
  };

  if (!swagger && (!isRecord(root) || typeof root.openapi !== 'string')) {
    if (isRecord(root) && typeof root.swagger === 'string') fail('#/swagger', `Swagger ${root.swagger} is not supported: convert the document to OpenAPI 3.0 or 3.1`);
    fail('#', 'not an OpenAPI document: the top level needs an `openapi: 3.x.y` field, `info` and `paths`');
  }
  if (!swagger && !/^3\.[01]\.\d+$/.test(String(root.openapi))) fail('#/openapi', `OpenAPI ${String(root.openapi)} is not supported: use 3.0.x or 3.1.x`);

  // Before anything looks for files to bundle: `/schemas/pet#name` names a schema of this document when one has that `$id`.
  const rewrittenRefs = !swagger && String(root.openapi).startsWith('3.1') ? resolveSchemaIds(root, source, fail) : 0;
  const warnings: SpecWarning[] = [];
  let document = root as unknown as OpenApiDocument;
  let publishedText = text;
  const externalNames = externalRefNames(root);
  // The bundler reads the main file itself: when refs were rewritten, it gets the rewritten document instead.
  if (externalNames.size) document = await bundleFiles(absolutePath, siteDir, parsed, source, rewrittenRefs ? withoutSchemaIds(root) : undefined);
  if (swagger) {
    document = convertSwagger2(document as unknown as Record<string, unknown>);
    warnings.push({ pointer: '#/swagger', message: 'a Swagger 2.0 document: docsite builds the reference from it converted to OpenAPI 3.0.3, and publishes the converted document' });
  }
  if (externalNames.size || swagger) {
    publishedText = format === 'json' ? JSON.stringify(document, null, 2) : (await import('yaml')).stringify(document, { aliasDuplicateObjects: false });
  }
  checkInternalRefs(document, fail);
  checkStructure(document, { strict, fail, warn: (warning) => warnings.push(warning) });
  const dialect = document.jsonSchemaDialect;
  if (typeof dialect === 'string' && !KNOWN_DIALECTS.some((known) => known.test(dialect))) {
    warnings.push({ pointer: '#/jsonSchemaDialect', message: `the JSON Schema dialect ${dialect} is not one docsite knows: its schemas are read as JSON Schema 2020-12, the OpenAPI 3.1 dialect` });
  }
  nameInlinedSchemas(document, externalNames);
  return { document, source, publishedText, format, fail, locate, warnings };
}

/** `jsonSchemaDialect`s whose schemas read as OpenAPI 3.1's own: its dialects, and the JSON Schema 2020-12 they extend. */
const KNOWN_DIALECTS = [/^https:\/\/spec\.openapis\.org\/oas\/3\.1\/dialect\//, /^https:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/];

async function bundleFiles(absolutePath: string, siteDir: string, parsed: ParsedSource, source: string, mainDocument?: unknown): Promise<OpenApiDocument> {
  try {
    return (await openApiParser().bundle(absolutePath, mainDocument === undefined ? undefined : { resolve: { file: mainFileResolver(absolutePath, mainDocument) } } as unknown as ParserOptions)) as OpenApiDocument;
  } catch (error) {
    const details = error as { code?: string; source?: string; targetRef?: string; parentPath?: string; ioErrorCode?: string; message: string };
    const file = details.source ? relative(siteDir, details.source).split('\\').join('/') : source;
    if (details.code === 'ERESOLVER' && details.source) {
      // A file named by a `$ref` cannot be read: the mistake is the `$ref`, so point at it (in the main file,
      // where it usually is) rather than at a file that does not exist.
      const missing = details.source;
      const pointer = [...externalRefNames(parsed.value).keys()].find((at) => {
        const ref = resolvePointer(parsed.value, at) as { $ref: string };
        return resolve(dirname(absolutePath), decodeURI(ref.$ref.split('#')[0]!)) === missing;
      });
      const reason = details.ioErrorCode === 'ENOENT' ? 'no such file' : details.message;
      const ref = pointer ? (resolvePointer(parsed.value, pointer) as { $ref: string }).$ref : file;
      throw new DocsiteError(
        `the $ref ${JSON.stringify(ref)} names ${file}: ${reason}${pointer ? ` (at ${pointer}/$ref)` : ''}`,
        { file: source, ...(pointer ? parsed.locate(`${pointer}/$ref`) : undefined) },
        { cause: error },
      );
    }
    if (details.code === 'EMISSINGPOINTER' && details.parentPath) {
      const at = file === source ? parsed.locate(details.parentPath) : undefined;
      throw new DocsiteError(`broken $ref ${JSON.stringify(details.targetRef)}: nothing at that pointer (at ${details.parentPath})`, { file, ...at }, { cause: error });
    }
    throw new DocsiteError(`cannot resolve a $ref of the OpenAPI document: ${details.message}`, { file }, { cause: error });
  }
}

/**
 * A file resolver for the bundler (json-schema-ref-parser's resolver interface, which @readme/openapi-parser passes
 * through when `resolve.file` is one) that serves the main file as `mainDocument` (JSON, which its YAML parser reads),
 * and every other file from disk.
 */
function mainFileResolver(absolutePath: string, mainDocument: unknown) {
  return {
    order: 1,
    canRead: (file: { url: string }) => !/^[a-z][a-z0-9+.-]+:\/\//i.test(file.url) || file.url.startsWith('file:'),
    read: async (file: { url: string }) => {
      const path = file.url.startsWith('file:') ? fileURLToPath(file.url) : decodeURI(file.url);
      if (resolve(path) === resolve(absolutePath)) return JSON.stringify(mainDocument);
      try {
        return await readFile(path);
      } catch (error) {
        throw new (openApiParser().ResolverError)(error as Error & { code: string }, path); // as the bundler's own resolver does: bundleFiles reads its code
      }
    },
  };
}

/** Pointer of each external `$ref` in the main file -> the name its target goes by (`./schemas.yaml#/Dog` -> Dog); empty when all refs are internal. */
function externalRefNames(root: unknown): Map<string, string> {
  const names = new Map<string, string>();
  walkDocument(root, undefined, (value, path) => {
    if (typeof value.$ref !== 'string' || value.$ref.startsWith('#')) return undefined;
    const [file, fragment = ''] = value.$ref.split('#');
    const name = pointerTokens(`#${fragment}`).at(-1) ?? file!.replace(/^.*\//, '').replace(/\.(ya?ml|json)$/i, '');
    names.set(toPointer(path), name || value.$ref);
    return false;
  });
  return names;
}

/**
 * Bundling inlines an external schema where it is first used and points later uses there, so the
 * name it had in its own file is lost. Giving the inlined schema that name as its `title` keeps
 * "Dog" in the reference instead of "object". (After validation: titles are not allowed everywhere.)
 */
function nameInlinedSchemas(document: OpenApiDocument, names: Map<string, string>): void {
  for (const [pointer, name] of names) {
    const target = resolvePointer(document, pointer);
    if (isRecord(target) && target.$ref === undefined && target.title === undefined && looksLikeSchema(target)) target.title = name;
  }
}

function looksLikeSchema(value: Record<string, unknown>): boolean {
  return ['type', 'properties', 'items', 'allOf', 'oneOf', 'anyOf', 'enum'].some((key) => key in value);
}

/** Every `$ref` left after bundling points inside the document. */
function checkInternalRefs(document: OpenApiDocument, fail: (pointer: string, message: string) => never): void {
  walkDocument(document, undefined, (value, path) => {
    if (typeof value.$ref === 'string') {
      if (!value.$ref.startsWith('#')) fail(toPointer([...path, '$ref']), `unresolved $ref ${JSON.stringify(value.$ref)}`);
      if (resolvePointer(document, value.$ref) === undefined) fail(toPointer([...path, '$ref']), `broken $ref ${JSON.stringify(value.$ref)}: nothing at that pointer`);
    }
    return undefined;
  });
}
