// Stylesheets imported by the site's pages: bundled by docsite, nothing to type.
declare module '*.css';
