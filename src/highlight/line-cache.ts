import type { Grammar } from 'shiki';

// Lines tokenized once per tokenizer state.
//
// shiki tokenizes a block line by line: each line's tokens depend only on the grammar, the theme, the line's text and
// the tokenizer's state when the line starts (the stack of rules it is inside, with their scopes), and the line leaves
// the next state. Docs repeat lines, within a language, across blocks: closing braces, imports, the same config keys
// and commands. On the 1000-page bench corpus, over half of the 25,000 lines of code were seen before in the same
// state. A grammar wrapped here answers such a line from what it gave before, its state included, instead of running
// the grammar's regexes over it again.
//
// The state that shiki hands back for the next line is the object this cache gave it, so states are made canonical:
// every state the wrapper returns is the one it first met of its kind, found by a key made of everything the
// tokenizer reads from a state (see `stateKey`). Two states of one key tokenize every line alike: the fields left out
// (where on the line a rule was entered) are reset at the start of each line.
//
// Caching is on only while `withLineCache` runs a tokenization for one theme: the tokens' colours are the theme's.
// Loading a language may change how another grammar tokenizes (languages it embeds, grammars injected into it), so
// every cache is dropped when one loads (`forgetCachedLines`).

/** The fields of vscode-textmate's scope list that tokenization reads (AttributedScopeStack). */
interface ScopeList {
  parent: ScopeList | null;
  scopeName: string;
  tokenAttributes: number;
}

/** The fields of vscode-textmate's tokenizer state (StateStackImpl) that tokenization reads, bar the per-line ones. */
interface TokenizerState {
  parent: TokenizerState | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: ScopeList | null;
  contentNameScopesList: ScopeList | null;
}

type TokenizeLine2 = Grammar['tokenizeLine2'];
type LineResult = ReturnType<TokenizeLine2>;

/** Lines kept per grammar: beyond that, a grammar tokenizes the rest as before (memory stays bounded on any site). */
const MAX_LINES_PER_GRAMMAR = 50_000;
/** Longer lines are not kept: a long line is rarely repeated, and its key would be as long. */
const MAX_CACHED_LINE_LENGTH = 400;

interface GrammarLines {
  /** The `generation` these lines and states are of: an older one is dropped before use. */
  generation: number;
  /** Lines by the id of the state they start in, then by their text. */
  lines: Map<number, Map<string, LineResult>>;
  size: number;
  /** Canonical states by key, and their ids. */
  states: Map<string, TokenizerState>;
  ids: WeakMap<object, number>;
}

const wrapped = new WeakSet<Grammar>();
/** The theme tokenizations run for now; undefined outside `withLineCache`: no line is taken or kept. */
let activeTheme: string | undefined;
/** The theme the caches hold tokens of. */
let cachedTheme: string | undefined;
/** Bumped to drop every cache (`forgetCachedLines`). */
let generation = 0;

/** The id of vscode-textmate's INITIAL (its null state, with no scopes): the state every block starts in. */
const INITIAL_ID = 0;

function emptyCache(): GrammarLines {
  return { generation, lines: new Map(), size: 0, states: new Map(), ids: new WeakMap() };
}

/** Makes `grammar` answer lines it tokenized before in the same state (idempotent). */
export function cacheGrammarLines(grammar: Grammar): void {
  if (wrapped.has(grammar)) return;
  wrapped.add(grammar);
  let cache = emptyCache();
  const tokenize: TokenizeLine2 = grammar.tokenizeLine2.bind(grammar);
  grammar.tokenizeLine2 = (lineText, prevState, timeLimit) => {
    if (activeTheme === undefined || lineText.length > MAX_CACHED_LINE_LENGTH) return tokenize(lineText, prevState, timeLimit);
    if (activeTheme !== cachedTheme) {
      cachedTheme = activeTheme;
      generation++;
    }
    if (cache.generation !== generation) cache = emptyCache();
    // Any state but INITIAL came from this wrapper, and has an id unless it is of an older generation.
    const state = prevState as unknown as TokenizerState | null;
    const stateId = state === null || (state.parent === null && state.nameScopesList === null) ? INITIAL_ID : cache.ids.get(state);
    if (stateId === undefined) return tokenize(lineText, prevState, timeLimit);
    let byText = cache.lines.get(stateId);
    const known = byText?.get(lineText);
    if (known) return known;
    const result = tokenize(lineText, prevState, timeLimit);
    if (result.stoppedEarly || cache.size >= MAX_LINES_PER_GRAMMAR) return result;
    const canonical = { ...result, ruleStack: canonicalState(cache, result.ruleStack as unknown as TokenizerState) as unknown as LineResult['ruleStack'] };
    if (!byText) cache.lines.set(stateId, (byText = new Map()));
    byText.set(lineText, canonical);
    cache.size++;
    return canonical;
  };
}

/** Runs `tokenize` with lines taken from and kept in the caches, for the theme `theme` (its only theme). */
export function withLineCache<T>(theme: string, tokenize: () => T): T {
  activeTheme = theme;
  try {
    return tokenize();
  } finally {
    activeTheme = undefined;
  }
}

/** Drops every grammar's lines and states: a language was loaded, which may change how others tokenize. */
export function forgetCachedLines(): void {
  generation++;
}

/** The first state met with `state`'s key (`state` itself when it is the first), with its id. */
function canonicalState(cache: GrammarLines, state: TokenizerState): TokenizerState {
  if (cache.ids.has(state)) return state;
  const key = stateKey(state);
  const canonical = cache.states.get(key);
  if (canonical) return canonical;
  cache.states.set(key, state);
  cache.ids.set(state, cache.states.size);
  return state;
}

/** Everything the tokenizer reads from a state, from the innermost rule out. */
function stateKey(state: TokenizerState): string {
  let key = '';
  for (let frame: TokenizerState | null = state; frame; frame = frame.parent) {
    key += `${frame.ruleId}\u0001${frame.endRule ?? ''}\u0001${frame.beginRuleCapturedEOL ? 1 : 0}\u0001${scopesKey(frame.nameScopesList)}\u0001${scopesKey(frame.contentNameScopesList)}\u0002`;
  }
  return key;
}

const scopeKeys = new WeakMap<ScopeList, string>();

function scopesKey(list: ScopeList | null): string {
  if (!list) return '';
  let key = scopeKeys.get(list);
  if (key === undefined) {
    key = `${list.scopeName}\u0003${list.tokenAttributes}\u0004${scopesKey(list.parent)}`;
    scopeKeys.set(list, key);
  }
  return key;
}
