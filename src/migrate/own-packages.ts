import { createRequire } from 'node:module';

// Configs often read data files of their own (a list of users or languages in YAML) with a parser package.
// migrate installs nothing, so in a folder without node_modules that parser would be a stub and the data
// lost (prettier's home page iterates `customFields.supportedLanguages`). docsite depends on the two common
// YAML parsers itself: a config that asks for one it has not installed gets docsite's copy instead.

const DATA_READERS = ['yaml', 'js-yaml'];

const requireFromDocsite = createRequire(import.meta.url);

/** The entry file of docsite's own copy of `name`, when it is one of the data readers. */
export function ownPackageEntry(name: string): string | undefined {
  if (!DATA_READERS.includes(name)) return undefined;
  try {
    return requireFromDocsite.resolve(name);
  } catch {
    return undefined;
  }
}

/** Every data reader docsite has, by name: for the `require` the loaded config makes at run time. */
export function ownPackageEntries(): Record<string, string> {
  return Object.fromEntries(DATA_READERS.flatMap((name) => {
    const entry = ownPackageEntry(name);
    return entry ? [[name, entry] as const] : [];
  }));
}
