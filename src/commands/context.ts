// What cli.ts gives each command: a place to say which site folder it works on, so that an error
// message can name files relative to it.

export interface CommandContext {
  /** Records the site folder of the running command and returns it. */
  siteDir(dir: string): string;
}
