/** The id of the search box's nth result option (its `aria-activedescendant`). */
export function searchOptionId(index: number): string {
  return `navbar-search-option-${index}`;
}
