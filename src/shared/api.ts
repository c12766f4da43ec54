import type { Breadcrumb, NavLinkData, TocItem } from './navigation';

// The API reference as the theme gets it: plain JSON built from the OpenAPI document at build time.
// Markdown (descriptions) arrives as sanitised HTML, code as shiki-highlighted HTML.

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** One schema as an expandable tree. Cycles are cut: a schema met again inside itself is `recursive`. */
export interface SchemaNode {
  /** Property name (objects), absent for the root, array items and choices. */
  name?: string;
  /** What the reader sees as the type: `string<uuid>`, `integer<int32>`, `AssetResponse[]`, `object`. */
  type: string;
  /** The component name of a `$ref`ed schema, or the schema's `title`. */
  title?: string;
  required?: boolean;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  descriptionHtml?: string;
  /** Allowed values, each as JSON text. */
  enum?: string[];
  /** JSON text. */
  default?: string;
  /** JSON text. */
  example?: string;
  /** Readable limits: `>= 1`, `<= 1000`, `1 to 255 characters`, `pattern ^[a-z]+$`, `unique items`. */
  constraints?: string[];
  /** Object properties, in document order (required first is the reader's job, not ours). */
  properties?: SchemaNode[];
  /** Schema of array items. */
  items?: SchemaNode;
  /** Schema of extra keys of a map-like object (`additionalProperties`). */
  additionalProperties?: SchemaNode;
  /** `oneOf` / `anyOf`: the reader picks one of the choices. */
  choice?: { kind: 'oneOf' | 'anyOf'; options: SchemaNode[] };
  /** The schema refers back to an ancestor of the tree: shown by name, not expanded again. */
  recursive?: boolean;
  /** Expansion stopped at the depth limit. */
  truncated?: boolean;
  /**
   * A shared (component) schema shown by name, not expanded here: the URL of the page that shows it. Also set on
   * a `recursive` leaf whose schema has a page.
   */
  reference?: string;
}

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  descriptionHtml?: string;
  schema?: SchemaNode;
  /** JSON text. */
  example?: string;
}

export interface ApiMediaType {
  mediaType: string;
  schema?: SchemaNode;
  /** Highlighted HTML of the example (given in the document or generated from the schema). */
  exampleHtml?: string;
  /** Name of each given example and its highlighted HTML, when the document lists several. */
  examples?: { name: string; summary?: string; html: string }[];
}

export interface ApiResponse {
  status: string;
  /** `OK`, `Not Found`, ... for known codes. */
  statusText?: string;
  descriptionHtml?: string;
  headers: ApiParameter[];
  content: ApiMediaType[];
}

/** One way to authenticate (all schemes of an alternative apply together). */
export interface ApiSecurityScheme {
  key: string;
  /** `API key (header x-api-key)`, `HTTP bearer`, `Cookie memora_access_token`, `OAuth 2.0`, ... */
  label: string;
  descriptionHtml?: string;
  scopes?: string[];
}

export interface ApiCodeSample {
  /** Tab value: curl, javascript, python. */
  language: string;
  label: string;
  /** Plain code, for the copy button. */
  code: string;
  html: string;
}

/** An operation as lists show it. */
export interface ApiOperationSummary {
  method: HttpMethod;
  path: string;
  title: string;
  permalink: string;
  deprecated: boolean;
}

export interface ApiOperationPageData extends ApiOperationSummary {
  kind: 'apiOperation';
  operationId?: string;
  description?: string;
  descriptionHtml?: string;
  tags: string[];
  /** The first server URL, for the path line. */
  server?: string;
  /** Alternatives: any one entry is enough; an empty list means no authentication. */
  security: ApiSecurityScheme[][];
  parameters: ApiParameter[];
  requestBody?: { required: boolean; descriptionHtml?: string; content: ApiMediaType[] };
  responses: ApiResponse[];
  samples: ApiCodeSample[];
  specUrl: string;
  toc: TocItem[];
  breadcrumbs: Breadcrumb[];
  previous?: NavLinkData;
  next?: NavLinkData;
  versionLabel: string;
}

/** A shared (component) schema's own page: the schema shown once, which other pages link to instead of expanding it. */
export interface ApiSchemaPageData {
  kind: 'apiSchema';
  /** The component's name, e.g. `customer`. */
  title: string;
  description?: string;
  permalink: string;
  schema: SchemaNode;
  specUrl: string;
  toc: TocItem[];
  breadcrumbs: Breadcrumb[];
  versionLabel: string;
}

export interface ApiIntroPageData {
  kind: 'apiIntro';
  title: string;
  description?: string;
  permalink: string;
  version: string;
  openapiVersion: string;
  descriptionHtml?: string;
  servers: { url: string; descriptionHtml?: string; variables: { name: string; default: string; enum?: string[]; description?: string }[] }[];
  securitySchemes: ApiSecurityScheme[];
  contact?: { name?: string; url?: string; email?: string };
  license?: { name: string; url?: string };
  termsOfService?: string;
  tags: { name: string; id: string; descriptionHtml?: string; operations: ApiOperationSummary[] }[];
  specUrl: string;
  toc: TocItem[];
  breadcrumbs: Breadcrumb[];
  next?: NavLinkData;
  versionLabel: string;
}
