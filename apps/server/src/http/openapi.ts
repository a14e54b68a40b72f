import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  contract,
  internalFault,
  MERCHANT_API_BASE,
  MERCHANT_BODY_LIMIT_BYTES,
  MERCHANT_CLOCK_SKEW_SECONDS,
  MERCHANT_HEADERS,
  outcomeSchema,
  type ContractCall,
} from '@maika/shared';
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
  `Merchant API calls (under ${MERCHANT_API_BASE}, tag "Merchant API") carry no token: each request is signed with one of the merchant's API keys, see that tag.`,
].join(' ');

/** How a merchant signs (docs/design.md "Merchant API"): the same scheme signs our callbacks to the merchant. */
const MERCHANT_SIGNING = [
  `Every request under ${MERCHANT_API_BASE} is signed with one of your API keys (created on the Merchant API page of the app; the secret is shown once).`,
  `Send four headers: \`${MERCHANT_HEADERS.key}\` the key id; \`${MERCHANT_HEADERS.timestamp}\` the current Unix time in seconds (at most ${MERCHANT_CLOCK_SKEW_SECONDS} s off our clock, either way);`,
  `\`${MERCHANT_HEADERS.nonce}\` 16 to 64 of [A-Za-z0-9_-], new for every request (a nonce seen before with the key is refused);`,
  `\`${MERCHANT_HEADERS.signature}\` the lowercase hex HMAC-SHA256, keyed with the secret, of the five lines`,
  '`METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nBODY_SHA256` joined by a line feed (no trailing one), where PATH_WITH_QUERY is the path and query exactly as sent',
  '(`/api/merchant/v1/orders/A-1`) and BODY_SHA256 the lowercase hex SHA-256 of the exact body bytes (of the empty string for GET).',
  `Bodies are JSON, at most ${MERCHANT_BODY_LIMIT_BYTES / 1024} KB. Each failed check has its own code (2101 to 2109): a missing header, an unknown or revoked key, a suspended merchant,`,
  'a timestamp off, a nonce replayed, a bad signature, a body too large, too many requests with the key.',
  'Callbacks: when a card of your order is decided, we POST `{ merchantOrderNo, orderNo, cards: [{ index, status, settlementStatus, amountFen, reason }] }`',
  "to the order's notifyUrl (else your page's), signed the same way with your newest key over the callback URL's path and query;",
  'verify it, answer any 2xx to stop it; otherwise it is retried with growing waits for 24 hours. Every attempt and answer is kept (GET orders/{merchantOrderNo}).',
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
      tags: [{ name: 'Merchant API', description: MERCHANT_SIGNING }],
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          admin: { type: 'http', scheme: 'bearer' },
          merchantKey: { type: 'apiKey', in: 'header', name: MERCHANT_HEADERS.key, description: 'The API key id (mk_ and 24 hex digits)' },
          merchantTimestamp: {
            type: 'apiKey',
            in: 'header',
            name: MERCHANT_HEADERS.timestamp,
            description: `Unix seconds, within ${MERCHANT_CLOCK_SKEW_SECONDS} s of our clock`,
          },
          merchantNonce: {
            type: 'apiKey',
            in: 'header',
            name: MERCHANT_HEADERS.nonce,
            description: '16 to 64 of [A-Za-z0-9_-], never reused with the key',
          },
          merchantSignature: {
            type: 'apiKey',
            in: 'header',
            name: MERCHANT_HEADERS.signature,
            description:
              'Lowercase hex HMAC-SHA256(secret, "METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nhex SHA-256 of the body"); see the Merchant API tag',
          },
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
