/** A plain object (not null, not an array): what user-written config and documents are checked against. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
