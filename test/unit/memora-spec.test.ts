import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { loadSpec } from '../../src/content/openapi/load-spec';
import { collectOperations } from '../../src/content/openapi/operations';
import { deref } from '../../src/content/openapi/refs';
import type { ResponseObject, SchemaObject } from '../../src/content/openapi/types';
import { ROOT } from '../helpers';

// Memora's OpenAPI document (content/api/openapi.yaml) is a real API description: it passes a standard
// OpenAPI 3.1 validator and holds every operation, schema and convention the site promises.

const SPEC = join(ROOT, 'content', 'api', 'openapi.yaml');
const loaded = await loadSpec(SPEC, join(ROOT, 'content'));
const spec = loaded.document;
const operations = collectOperations(spec, loaded.fail);

/** The operations the site promises by page slug (issue 8 names each one). */
const REQUIRED = `add-assets-to-album add-users-to-album change-password check-bulk-upload check-existing-assets create-activity
create-album create-api-key create-library create-partner create-person create-profile-image create-shared-link create-tag
create-user delete-activity delete-album delete-api-key delete-library delete-partner delete-profile-image delete-shared-link
delete-tag delete-user delete-assets download-archive download-file empty-trash finish-o-auth fix-audit-files
link-o-auth-account unlink-o-auth-account login logout logout-auth-device logout-auth-devices merge-person ping-server
reassign-faces restore-assets restore-trash restore-user run-asset-jobs scan-library search search-metadata search-person
search-places search-smart send-job-command serve-file set-admin-onboarding sign-up-admin start-o-auth tag-assets
untag-assets update-album-info update-api-key update-asset update-assets update-config update-library update-partner
update-people update-person update-shared-link update-stack-parent update-tag update-user upload-file validate
validate-access-token`.split(/\s+/);

test('the Memora spec passes the OpenAPI 3.1 validator of @readme/openapi-parser with no errors', async () => {
  assert.equal(spec.openapi.slice(0, 3), '3.1');
  const result = await validate(SPEC);
  assert.ok(result.valid, result.valid ? '' : compileErrors(result));
});

test('it holds at least 110 operations, every promised one among them, each with an id, tags and a description', () => {
  assert.ok(operations.length >= 110, `${operations.length} operations`);
  const slugs = new Set(operations.map(({ slug }) => slug));
  for (const slug of REQUIRED) assert.ok(slugs.has(slug), `missing operation ${slug}`);
  for (const { path, method, operation, tags } of operations) {
    assert.ok(path.startsWith('/'), path);
    assert.ok(operation.operationId, `${method} ${path} has no operationId`);
    assert.ok(tags.length, `${operation.operationId} has no tag`);
    assert.ok((operation.description ?? '').length > 20, `${operation.operationId} has no description`);
  }
});

test('the read operations of every resource exist', () => {
  const ids = new Set(operations.map(({ operation }) => operation.operationId));
  const gets = operations.filter(({ method }) => method === 'get').length;
  assert.ok(gets >= 50, `${gets} GET operations`);
  for (const id of ['getAllAlbums', 'getAlbumInfo', 'getAlbumCount', 'getAssetInfo', 'getAssetStatistics', 'getRandom', 'getTimeBuckets', 'getTimeBucket', 'getMapMarkers', 'getMemoryLane', 'getAllJobsStatus', 'getAllPeople', 'getPerson', 'getPersonStatistics', 'getPersonThumbnail', 'getAllSharedLinks', 'getMySharedLink', 'getSharedLinkById', 'getAllTags', 'getTagById', 'getAllUsers', 'getUser', 'getMyUser', 'getProfileImage', 'getApiKeys', 'getApiKey', 'getConfig', 'getConfigDefaults', 'getStorageTemplateOptions', 'getFaces', 'getAllLibraries', 'getLibrary', 'getLibraryStatistics', 'getMapStyle', 'getPartners', 'getSearchSuggestions', 'getServerInfo', 'getServerFeatures', 'getServerStatistics', 'getServerVersion', 'getServerConfig', 'getTheme', 'getAuthDevices', 'getActivities', 'getActivityStatistics']) {
    assert.ok(ids.has(id), `missing ${id}`);
  }
});

test('shared schemas, three security schemes and one error schema for 400, 401, 403 and 404', () => {
  for (const name of ['AssetResponse', 'AlbumResponse', 'UserResponse', 'PersonResponse', 'SharedLinkResponse', 'ApiKeyResponse', 'LibraryResponse', 'TagResponse', 'ActivityResponse', 'JobStatus', 'ServerInfo']) {
    assert.ok(spec.components?.schemas?.[name], `missing schema ${name}`);
  }
  const schemes = Object.values(spec.components?.securitySchemes ?? {});
  assert.ok(schemes.some((scheme) => scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name === 'x-api-key'), 'API key header x-api-key');
  assert.ok(schemes.some((scheme) => scheme.type === 'http' && scheme.scheme === 'bearer'), 'bearer token');
  assert.ok(schemes.some((scheme) => scheme.type === 'apiKey' && scheme.in === 'cookie'), 'session cookie');

  // Every error response, inline or shared, uses the same schema.
  const errorSchemas = new Set<string>();
  for (const { operation } of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!['400', '401', '403', '404'].includes(status)) continue;
      const ref = deref<ResponseObject>(spec, response).value.content?.['application/json']?.schema?.$ref;
      assert.ok(ref, `${operation.operationId} ${status} has no JSON error schema`);
      errorSchemas.add(ref);
    }
  }
  assert.equal(errorSchemas.size, 1, [...errorSchemas].join(', '));
});

test('every property of every component schema has a description', () => {
  const missing: string[] = [];
  const visit = (name: string, schema: SchemaObject) => {
    for (const [key, property] of Object.entries(schema.properties ?? {})) if (!property.description && !property.$ref) missing.push(`${name}.${key}`);
    for (const part of schema.allOf ?? []) visit(name, part);
  };
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) visit(name, schema);
  assert.deepEqual(missing, []);
});
