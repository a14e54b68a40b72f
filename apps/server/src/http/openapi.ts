import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { contract, internalFault, outcomeSchema, type ContractCall } from '@maika/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import type { AppInstance } from './appInstance';
import { NO_BODY, takesNoBody } from './contractRoute';

const DESCRIPTION = [
  'Every answer is the envelope `{ code, msg, data }` over HTTP 200; only a server fault is HTTP 500 (code 1500).',
  '`code` says what `data` holds: each operation documents its answer as one envelope per shape of `data`, each listing its codes.',
  'Codes 200, 300, 309 and 338 carry the success payload; every other code is a refusal whose `msg` says what to fix (333 asks for real-name verification first).',
  'User calls need the `uuid` header (device id) and, where marked, the `token` header; operator calls the `Authorization: Bearer` token.',
  'Calls that take no body refuse one with 1001; an empty object is accepted.',
].join(' ');

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;

/**
 * A contract route's answers as the contract declares them (contract/outcomes.ts in the shared
 * package): the route itself keeps its success schema, which Fastify serialises with.
 */
const documentRoute: Transform = (document) => {
  const call = document.route.config?.call;
  if (!call || !document.schema) return jsonSchemaTransform(document);
  const response = {
    ...(document.schema.response as object | undefined),
    200: {
      description: 'The envelope; `code` picks the shape of `data`',
      content: { 'application/json': { schema: outcomeSchema(call) } },
    },
    500: { description: 'A fault the server did not expect', content: { 'application/json': { schema: internalFault } } },
  };
  return jsonSchemaTransform({ ...document, schema: { ...document.schema, response } });
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const contractCalls = new Map<string, ContractCall>(
  Object.values(contract).flatMap((calls) =>
    Object.values(calls as Record<string, ContractCall>).map((call) => [`${call.method.toLowerCase()} ${openApiPath(call.path)}`, call]),
  ),
);

/** The bodies a route reads itself, which no schema of the route describes: a file, or nothing. */
const documentBodies: TransformObject = (documentObject) => {
  const openapi = (documentObject as { openapiObject: OpenAPIV3.Document }).openapiObject;
  for (const [path, operations] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(operations ?? {}) as [string, OpenAPIV3.OperationObject][]) {
      const call = contractCalls.get(`${method} ${path}`);
      if (!call) continue;
      if (call.file) {
        const schema: OpenAPIV3.SchemaObject = {
          type: 'object',
          required: [call.file],
          properties: { [call.file]: { type: 'string', format: 'binary' } },
        };
        operation.requestBody = { required: true, content: { 'multipart/form-data': { schema } } };
      } else if (takesNoBody(call)) {
        operation.requestBody = {
          required: false,
          description: `No body: ${NO_BODY}; any other is refused with code 1001`,
          content: { 'application/json': { schema: { type: 'object', maxProperties: 0 } } },
        };
      }
    }
  }
  return openapi;
};

/** The OpenAPI document at /docs/json and its page at /docs. */
export async function registerOpenApi(app: AppInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Maika API', description: DESCRIPTION, version: '1.0.0' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          admin: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: documentRoute,
    transformObject: documentBodies,
  });
  // The documentation page sets the policy its own files need.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Swagger UI sets inline styles as it renders; plain HTTP must keep working.
    transformStaticCSP: (header) =>
      header.replace(/\s*upgrade-insecure-requests;?/, '').replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
}
