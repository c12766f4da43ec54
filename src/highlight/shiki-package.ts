import type * as Shiki from 'shiki';
import type * as ShikiJavaScriptEngine from 'shiki/engine/javascript';
import { lazyPackage } from '../core/lazy-package';

// shiki is loaded the first time something is highlighted, not when docsite starts: its import alone took ~90 ms
// of every command's start-up, and a build whose code blocks all come from the cache (an edit build,
// plugins/code-blocks/block-memo.ts) or a command that highlights nothing never needs it.

export const shiki = lazyPackage<typeof Shiki>('shiki');
export const shikiJavaScriptEngine = lazyPackage<typeof ShikiJavaScriptEngine>('shiki/engine/javascript');
