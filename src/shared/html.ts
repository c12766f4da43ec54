/** Text as React writes it into HTML (the five characters its server renderer escapes), so a string made here reads the same as React's. */
export function escapeLikeReact(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]!);
}

/** Text for an HTML attribute value in double quotes (or element text): the four characters that could end or open markup, escaped. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
