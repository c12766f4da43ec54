import type Lunr from 'lunr';
import { lazyPackage } from '../core/lazy-package';

// lunr is loaded where an index is packed (the search worker) or a pipeline run, not when docsite starts: the main
// thread of a build only collects the documents.

export const lunr = lazyPackage<typeof Lunr>('lunr');
