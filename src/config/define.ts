import type { UserConfig } from './schema';

/** Typed identity helper for docsite.config.ts: `export default defineConfig({ ... })`. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

export type { UserConfig };
