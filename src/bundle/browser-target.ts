/** Browsers the production bundle is written for: the site's modules and React's own file (react-runtime.ts). */
export const BROWSER_TARGET = ['es2022', 'chrome100', 'firefox100', 'safari15'];
