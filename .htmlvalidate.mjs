// html-validate for every page docsite builds (test/cli/html-valid.test.ts): the recommended rules, less
// the ones that judge style rather than validity, with the reason for each.
export default {
  extends: ['html-validate:recommended'],
  rules: {
    // Code is coloured by style attributes (shiki's --shiki-light/--shiki-dark variables), and React sets some.
    'no-inline-style': 'off',
    // React writes `<img />`, the page shell `<meta>`: both are valid HTML.
    'void-style': 'off',
    // React writes `hidden=""` for a boolean attribute: valid HTML.
    'attribute-empty-style': 'off',
    'attribute-boolean-style': 'off',
    // HTML attribute names are case-insensitive; React writes some in camelCase (dateTime, spellCheck).
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // Any id without whitespace is valid HTML; React's useId makes ids like `_R_9k_`.
    'valid-id': ['error', { relaxed: true }],
    // A raw `>` in text is valid HTML; shiki's and hast-util-to-html's output (code, API descriptions) keep it.
    // (A stray `<` would open a tag, which the parser rules report.)
    'no-raw-characters': 'off',
    // The announcement bar is a `<div role="banner">`, as the site's contract fixes it.
    'prefer-native-element': ['error', { exclude: ['banner'] }],
  },
};
