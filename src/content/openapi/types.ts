// The parts of an OpenAPI 3.0/3.1 document the reference reads. Loose on purpose: the document
// has been validated against the official schema, and unknown extensions (`x-*`) pass through.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  enum?: Json[];
  const?: Json;
  default?: Json;
  example?: Json;
  examples?: Json[];
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  /** JSON Schema 2020-12: like `additionalProperties`, counting the properties `allOf` parts and the like evaluate. */
  unevaluatedProperties?: boolean | SchemaObject;
  /** `false` (2020-12) after `prefixItems`: no items beyond the tuple. */
  items?: SchemaObject | boolean;
  /** JSON Schema 2020-12 tuples: the schema of each leading item, in order. */
  prefixItems?: SchemaObject[];
  $id?: string;
  $anchor?: string;
  $defs?: Record<string, SchemaObject>;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  not?: SchemaObject;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  contentMediaType?: string;
  contentEncoding?: string;
  [extension: `x-${string}`]: unknown;
}

export interface ExampleObject {
  $ref?: string;
  summary?: string;
  description?: string;
  value?: Json;
  externalValue?: string;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: Json;
  examples?: Record<string, ExampleObject>;
}

export interface ParameterObject {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: SchemaObject;
  content?: Record<string, MediaTypeObject>;
  example?: Json;
  examples?: Record<string, ExampleObject>;
}

export interface RequestBodyObject {
  $ref?: string;
  description?: string;
  required?: boolean;
  content?: Record<string, MediaTypeObject>;
}

export interface HeaderObject extends Omit<ParameterObject, 'name' | 'in'> {}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaTypeObject>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses?: Record<string, ResponseObject>;
  security?: SecurityRequirement[];
  servers?: ServerObject[];
}

export interface PathItemObject {
  $ref?: string;
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  servers?: ServerObject[];
  get?: OperationObject;
  put?: OperationObject;
  post?: OperationObject;
  delete?: OperationObject;
  options?: OperationObject;
  head?: OperationObject;
  patch?: OperationObject;
  trace?: OperationObject;
}

export interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export interface SecuritySchemeObject {
  $ref?: string;
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  description?: string;
  name?: string;
  in?: 'query' | 'header' | 'cookie';
  scheme?: string;
  bearerFormat?: string;
  flows?: Record<string, { scopes?: Record<string, string> }>;
  openIdConnectUrl?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: {
    title: string;
    version: string;
    description?: string;
    summary?: string;
    termsOfService?: string;
    contact?: { name?: string; url?: string; email?: string };
    license?: { name: string; url?: string; identifier?: string };
  };
  servers?: ServerObject[];
  paths?: Record<string, PathItemObject>;
  /** OpenAPI 3.1: requests the API sends to its callers, by name. */
  webhooks?: Record<string, PathItemObject>;
  /** OpenAPI 3.1: the JSON Schema dialect of Schema Objects without a `$schema`. */
  jsonSchemaDialect?: string;
  components?: {
    schemas?: Record<string, SchemaObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
    [section: string]: unknown;
  };
  security?: SecurityRequirement[];
  tags?: { name: string; description?: string }[];
}
