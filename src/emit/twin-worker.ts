import { serveJobs } from '../core/worker-pool';
import { markdownOfArticle } from './markdown-twins';

// Converts API pages' articles to their Markdown twins off the main thread, while it renders (markdown-twins.ts).
serveJobs((articles: string[]): string[] => articles.map(markdownOfArticle));
