// `clsx` / `classnames`, for sites whose node_modules is absent: class names from strings, numbers, lists and
// `{ name: condition }` objects, falsy values left out.
type ClassValue = string | number | bigint | boolean | null | undefined | ClassValue[] | Record<string, unknown>;

export function clsx(...values: ClassValue[]): string {
  const names: string[] = [];
  for (const value of values) {
    if (!value) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') names.push(String(value));
    else if (Array.isArray(value)) {
      const inner = clsx(...value);
      if (inner) names.push(inner);
    } else if (typeof value === 'object') {
      for (const [name, on] of Object.entries(value)) if (on) names.push(name);
    }
  }
  return names.join(' ');
}

export default clsx;
