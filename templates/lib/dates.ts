// Dates in machine form; dates a reader sees are written in the site's language by `useDateFormat`
// (templates/context/site.tsx).
export const isoDate = (time: number): string => new Date(time).toISOString();
