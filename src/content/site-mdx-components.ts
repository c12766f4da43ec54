import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A site's own global MDX components (Docusaurus' swizzled `src/theme/MDXComponents`), when it has them. They may
 * turn any element of any page into a component, so no page's content is static HTML on such a site.
 */
export function siteMdxComponentsFile(siteDir: string): string | undefined {
  return ['tsx', 'ts', 'jsx', 'js'].map((extension) => join(siteDir, 'src', 'theme', `MDXComponents.${extension}`)).find((file) => existsSync(file));
}
