import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { validateStructure } from './src/content/openapi/validate';
const doc = parse(readFileSync(process.argv[2]!, 'utf8'));
console.time('v'); console.log(validateStructure(doc)); console.timeEnd('v');
