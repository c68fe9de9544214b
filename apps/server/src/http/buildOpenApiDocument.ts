import { z } from 'zod'
import type { RouteSpec, Schema } from './routeRegistry.js'

export interface OpenApiInfo {
  title: string
  version: string
  description?: string
  serverUrl?: string
}

type JsonSchema = Record<string, unknown>

/** OpenAPI 3.1 (JSON Schema 2020-12) from the routes' zod schemas. */
export function buildOpenApiDocument(routes: readonly RouteSpec[], info: OpenApiInfo): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    paths[path] ??= {}
    paths[path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.tags ? { tags: route.tags } : {}),
      ...(parameters(route).length ? { parameters: parameters(route) } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, response]) => [
          status,
          {
            description: response.description,
            ...(response.schema
              ? {
                  content: {
                    [response.contentType ?? 'application/json']: { schema: toJsonSchema(response.schema, 'output') },
                  },
                }
              : response.contentType
                ? { content: { [response.contentType]: {} } }
                : {}),
          },
        ]),
      ),
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, ...(info.description ? { description: info.description } : {}) },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
  }
}

/** The header a create or change call may carry (Stripe's semantics). */
const idempotencyKeyParameter: JsonSchema = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    "Makes a retry safe: the same key and the same request within 24 hours answer the first answer again (status and body, with `Idempotent-Replayed: true`) without doing the work twice. Another request under the key: 422 IDEMPOTENCY_KEY_REUSED; one still running: 409 IDEMPOTENCY_KEY_IN_USE after a short wait. Keys are per merchant (on the public POST /api/links/{id}/orders, the link's merchant); 5xx answers are not kept.",
  schema: { type: 'string', minLength: 1, maxLength: 255 },
}

function parameters(route: RouteSpec): JsonSchema[] {
  const out: JsonSchema[] = []
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.querystring],
  ] as const) {
    if (!schema) continue
    const json = toJsonSchema(schema, 'input')
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>
    const required = new Set((json.required ?? []) as string[])
    for (const [name, property] of Object.entries(properties)) {
      out.push({ name, in: location, required: location === 'path' || required.has(name), schema: property })
    }
  }
  if (route.idempotent) out.push(idempotencyKeyParameter)
  return out
}

function toJsonSchema(schema: Schema, io: 'input' | 'output'): JsonSchema {
  // Shared schemas come from another copy of zod 4; toJSONSchema reads only their internals.
  const { $schema: _, ...json } = z.toJSONSchema(schema as unknown as z.ZodType, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema
  return json
}
