import { readFile } from 'node:fs/promises';
import { parse, YAMLParseError } from 'yaml';
import { DocsiteError } from '../core/errors';

// Tags of docs and blog posts: labels, URL slugs, and the optional tags file that defines them.

export interface TagDefinition {
  label: string;
  /** Path segment(s) under the tags route, without slashes at the ends, e.g. "v-1-64-0-v-1-71-0". */
  slug: string;
  description?: string;
}

const WORDS = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|\p{L}+/gu;

/**
 * A label's URL slug: its words in kebab case, letters and digits apart
 * ("v1.64.0 - v1.71.0" -> "v-1-64-0-v-1-71-0", "Recap 2023" -> "recap-2023", "OAuth" -> "o-auth").
 */
export function tagSlug(label: string): string {
  return (label.match(WORDS) ?? []).map((word) => word.toLowerCase()).join('-');
}

function permalinkSlug(permalink: string): string {
  return permalink.replace(/^\/+|\/+$/g, '');
}

/** Reads a tags file (`key: { label, permalink, description }`); undefined when there is none. */
export async function loadTagsFile(absolutePath: string, source: string): Promise<Map<string, TagDefinition> | undefined> {
  let text: string;
  try {
    text = await readFile(absolutePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let data: unknown;
  try {
    data = parse(text) ?? {};
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const pos = error.linePos?.[0];
      throw new DocsiteError(`invalid YAML: ${error.message.split('\n')[0]}`, { file: source, ...(pos ? { line: pos.line, column: pos.col } : {}) }, { cause: error });
    }
    throw error;
  }
  if (typeof data !== 'object' || Array.isArray(data)) throw new DocsiteError('a tags file maps tag keys to { label, permalink, description }', { file: source });
  const tags = new Map<string, TagDefinition>();
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const entry = (value ?? {}) as Record<string, unknown>;
    if (typeof entry !== 'object' || Array.isArray(entry)) throw new DocsiteError(`tag "${key}" must be a mapping with label, permalink and description`, { file: source, ...lineOf(text, key) });
    for (const field of ['label', 'permalink', 'description'] as const) {
      if (entry[field] !== undefined && typeof entry[field] !== 'string') throw new DocsiteError(`tag "${key}": ${field} must be a string`, { file: source, ...lineOf(text, key) });
    }
    const label = (entry.label as string | undefined) ?? key;
    tags.set(key, {
      label,
      slug: entry.permalink ? permalinkSlug(entry.permalink as string) : tagSlug(key),
      ...(entry.description ? { description: entry.description as string } : {}),
    });
  }
  return tags;
}

function lineOf(text: string, key: string): { line?: number } {
  const index = text.split('\n').findIndex((line) => line.startsWith(`${key}:`) || line.startsWith(`'${key}':`) || line.startsWith(`"${key}":`));
  return index >= 0 ? { line: index + 1 } : {};
}

export type FrontMatterTag = string | { label: string; permalink?: string; description?: string };

/**
 * Resolves front matter tags. With a tags file, a string tag must be one of its keys (a typo would
 * otherwise quietly create a new tag); without one, a string is a label. `{ label, permalink }` is
 * always accepted.
 */
export function resolveTags(tags: FrontMatterTag[] | undefined, file: { source: string; line?: number }, tagsFile: { tags: Map<string, TagDefinition>; source: string } | undefined): TagDefinition[] {
  const resolved: TagDefinition[] = [];
  for (const tag of tags ?? []) {
    let definition: TagDefinition;
    if (typeof tag === 'string') {
      if (tagsFile) {
        const known = tagsFile.tags.get(tag);
        if (!known) {
          throw new DocsiteError(`unknown tag "${tag}": it is not a key of ${tagsFile.source} (known: ${[...tagsFile.tags.keys()].join(', ') || 'none'})`, {
            file: file.source,
            ...(file.line ? { line: file.line } : {}),
          });
        }
        definition = known;
      } else definition = { label: tag, slug: tagSlug(tag) };
    } else {
      definition = { label: tag.label, slug: tag.permalink ? permalinkSlug(tag.permalink) : tagSlug(tag.label), ...(tag.description ? { description: tag.description } : {}) };
    }
    if (!resolved.some((other) => other.slug === definition.slug)) resolved.push(definition);
  }
  return resolved;
}
