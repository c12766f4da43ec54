/** Text for an HTML attribute value in double quotes (or element text): the four characters that could end or open markup, escaped. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
