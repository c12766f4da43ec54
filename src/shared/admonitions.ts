// The admonition kinds and their default titles: the `:::note` fences (Markdown compiler) and the
// `<Admonition>` component (theme) must agree.
export const ADMONITION_TITLES: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};
