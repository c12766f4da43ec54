// Stylesheets imported by the site's pages: a CSS module gives its class names, a plain file nothing.
declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.css';
