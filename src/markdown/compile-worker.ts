import { workerData } from 'node:worker_threads';
import { serveJobs } from '../core/worker-pool';
import { createMarkdownCompiler, type CompileInput } from './compile';
import { markdownOptionsFrom, type CompileSetup } from './compile-setup';

// A compile worker: the same Markdown compiler as the main thread, fed one file at a time.

const compile = createMarkdownCompiler(markdownOptionsFrom(workerData as CompileSetup));

serveJobs((input: CompileInput) => compile(input));
