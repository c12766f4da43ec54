/**
 * Thrown where the fast parser meets what it does not parse (or cannot be sure it parses as micromark would): the file
 * is parsed by micromark instead. Never an error of the file's.
 */
export class Unsupported extends Error {
  constructor(readonly what: string) {
    super(`not parsed on the fast path: ${what}`);
  }
}

export function unsupported(what: string): never {
  throw new Unsupported(what);
}
