// Dates as the theme shows them: in UTC, so a post dated 2023-06-24 reads "June 24, 2023" wherever
// the build and the reader are.
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const formatShortDate = (time: number): string => SHORT.format(time);
export const isoDate = (time: number): string => new Date(time).toISOString();
