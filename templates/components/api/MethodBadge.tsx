import type { HttpMethod } from '../../../src/shared/api';

/** GET / POST / PUT / PATCH / DEL ... in the method's colour. */
export function MethodBadge({ method, className }: { method: HttpMethod; className?: string }) {
  return <span className={`api-method method-${method}${className ? ` ${className}` : ''}`}>{method === 'delete' ? 'DELETE' : method.toUpperCase()}</span>;
}
