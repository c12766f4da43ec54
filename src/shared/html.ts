/** Text as React writes it into HTML (the five characters its server renderer escapes), so a string made here reads the same as React's. */
export function escapeLikeReact(text: string): string {
  // Most text has none of them: tested first, it is returned as it is (the compile stage escapes every text of a page).
  return REACT_ESCAPED.test(text) ? text.replace(/[&<>"']/g, (char) => REACT_ESCAPES[char]!) : text;
}

const REACT_ESCAPED = /[&<>"']/;
const REACT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text for an HTML attribute value in double quotes (or element text): the four characters that could end or open markup, escaped. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON inside <script>: `</script>` and U+2028/9 must not end or break the element. */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
