// One rule for "a typo of" wherever docsite needs it: search ranking (client/search/engine.ts) and the not-found
// page's suggestions (templates/components/PageSuggestions.tsx).

/** Whether two words differ by at most one edit as lunr counts them: insert, delete, substitute or swap neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return swapped || a.slice(i + 1) === b.slice(i + 1);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
