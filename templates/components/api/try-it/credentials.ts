// The Try it panel's credentials (API keys, tokens, basic-auth user and password), one key per security scheme and
// part. They live in this tab's sessionStorage, whatever `siteStorage.type` says, so they end with the tab and never
// persist; they are sent only to the server the reader picks. Here rather than in lib/storage.ts, which is in every
// page's first load: this code loads with the panel.

/** `docsite.api.credential.<scheme>` (and `.user` / `.password` for HTTP basic). */
export function credentialKey(schemeKey: string, part?: string): string {
  return `docsite.api.credential.${schemeKey}${part ? `.${part}` : ''}`;
}

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Blocked storage (a privacy setting, a sandboxed frame): the credential lasts as long as the panel.
    return undefined;
  }
}

export function readCredential(key: string): string | null {
  try {
    return sessionStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a credential for this tab; an empty value removes it. */
export function writeCredential(key: string, value: string): void {
  try {
    const store = sessionStore();
    if (value) store?.setItem(key, value);
    else store?.removeItem(key);
  } catch {
    // Full or blocked: kept in the panel's state only.
  }
}
