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
  /** The one allowed value (`const`), as JSON text. */
  const?: string;
  /** JSON text. */
  default?: string;
  /** JSON text. */
  example?: string;
  /** Every value of a JSON Schema `examples` list that has more than one, each as JSON text (`example` is the first). */
  examples?: string[];
  /** `contentMediaType` of a string: what the string holds (`image/png`, `application/json`). */
  contentMediaType?: string;
  /** `contentEncoding` of a string: how its content is encoded (`base64`). */
  contentEncoding?: string;
  /** Readable limits: `>= 1`, `<= 1000`, `1 to 255 characters`, `pattern ^[a-z]+$`, `unique items`. */
  constraints?: string[];
  /** Object properties, in document order (required first is the reader's job, not ours). */
  properties?: SchemaNode[];
  /** Schema of array items (after the `prefixItems`, when there are some). */
  items?: SchemaNode;
  /** A tuple (`prefixItems`): the schema of each leading item, in order. */
  prefixItems?: SchemaNode[];
  /** `items: false` after `prefixItems`: the array has no items beyond the tuple. */
  noOtherItems?: boolean;
  /** The object allows no properties but those listed, said by `additionalProperties: false` or `unevaluatedProperties: false`. */
  noOtherProperties?: 'additionalProperties' | 'unevaluatedProperties';
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
  /** Every value of a JSON Schema `examples` list that has more than one, each as JSON text (`example` is the first). */
  examples?: string[];
  /** `contentMediaType` of a string: what the string holds (`image/png`, `application/json`). */
  contentMediaType?: string;
  /** `contentEncoding` of a string: how its content is encoded (`base64`). */
  contentEncoding?: string;
}

export interface ApiMediaType {
  mediaType: string;
  schema?: SchemaNode;
  /** The status of an earlier response of the operation with the very same schema: shown there, referred to here. */
  schemaSameAs?: string;
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
  /** How the Try it panel sends it; absent when a browser cannot (mutual TLS, an unknown HTTP scheme). */
  credential?: ApiCredential;
}

/** An API key by place and name, or an Authorization header (HTTP bearer, OAuth 2.0 and OpenID Connect tokens; HTTP basic). */
export type ApiCredential = { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string } | { kind: 'bearer' } | { kind: 'basic' };

/** A server the Try it panel offers: its URL template (`{name}` for each variable) and the variables' defaults. */
export interface ApiServerChoice {
  url: string;
  description?: string;
  variables?: { name: string; default: string; enum?: string[] }[];
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
  /** The path template; a webhook's name for a webhook. */
  path: string;
  title: string;
  permalink: string;
  deprecated: boolean;
  /** An OpenAPI 3.1 webhook: a request the API sends to its callers, not one it receives. */
  webhook?: boolean;
}

export interface ApiOperationPageData extends ApiOperationSummary {
  kind: 'apiOperation';
  operationId?: string;
  description?: string;
  descriptionHtml?: string;
  tags: string[];
  /** The first server URL, for the path line. */
  server?: string;
  /** The operation's servers (its own, its path's or the document's), for the Try it panel; absent when none. */
  servers?: ApiServerChoice[];
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

/** The component an API introduction writes to list the security schemes where it explains authentication. */
export const SECURITY_SCHEMES_COMPONENT = 'ApiSecuritySchemes';

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
  /**
   * The generated section listing `securitySchemes`, when the page has one: none when the introduction Markdown
   * places the list itself (`<ApiSecuritySchemes />` in its own section on authentication).
   */
  securitySection?: { id: string; title: string };
  contact?: { name?: string; url?: string; email?: string };
  /** `url`, or for a license given by its SPDX `identifier` (3.1), its page on spdx.org. */
  license?: { name: string; url?: string; identifier?: string };
  /** OpenAPI 3.1 `info.summary`: one line about the API. */
  summary?: string;
  /** OpenAPI 3.1 webhooks: requests the API sends to its callers. */
  webhooks: ApiOperationSummary[];
  termsOfService?: string;
  tags: { name: string; id: string; descriptionHtml?: string; operations: ApiOperationSummary[] }[];
  specUrl: string;
  toc: TocItem[];
  breadcrumbs: Breadcrumb[];
  next?: NavLinkData;
  versionLabel: string;
}
