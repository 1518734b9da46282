// The OpenAPI 3.1 description of every route (GET /v3/api-docs), made from the route inventory and
// the entity declarations, never written per route: a route added tomorrow is described the moment
// it exists. Each operation states the access it needs (x-blade-access and its description).
import { readFileSync } from 'node:fs'
import { sourceText } from '../../src/domain/messages.ts'
import type { Access } from '../core/access.ts'
import { routeInventory, type InventoryEntry } from './inventory.ts'
import { entitySchemas, schemaName, type Json } from './openapi-fields.ts'
import { entityVerb, shapeOf, type Shape } from './openapi-operations.ts'
import { pathOf } from './openapi-params.ts'
import { jsonContent, ref, sharedComponents } from './openapi-shared.ts'
import type { RouteDef } from '../core/routes.ts'

/** The description and its viewer: grouped under one tag of their own. */
const DOCS_URLS = ['/v3/api-docs', '/doc.html', '/webjars/']

function accessText(a: Access): string {
  switch (a.kind) {
    case 'public':
      return 'public (no login)'
    case 'user':
      return 'any signed-in user'
    case 'button':
      return `button \`${a.code}\` granted to one of the caller's roles`
    case 'anyButton':
      return `any of the buttons ${a.codes.map((c) => `\`${c}\``).join(', ')} granted to one of the caller's roles`
    case 'platform':
      return "the platform's administrator only (role administrator of tenant 000000)"
  }
}

const OWNER_TEXT = {
  tenant: "the caller's tenant's rows",
  platform: 'rows every tenant shares',
  none: 'no tenant rows',
}

/** The service prefix (blade-system, blade-desk, dmr…) a route is grouped by. */
function tagOf(url: string): string {
  if (DOCS_URLS.some((d) => url.startsWith(d))) return 'api-docs'
  return url.split('/')[1] ?? ''
}

/** `get_bladeSystem_tenantPackage_detail`: segments apart, so /tenant-package/detail and /tenant/package-detail differ. */
const camel = (segment: string) =>
  segment.replace(/[^A-Za-z0-9]+(.?)/g, (_, c: string) => c.toUpperCase())
const operationId = (e: InventoryEntry) =>
  [e.method.toLowerCase(), ...e.url.split('/').filter(Boolean).map(camel)].join('_')

function responses(e: InventoryEntry, shape: Shape): Json {
  let ok: Json
  if (typeof e.answer === 'object')
    ok = { description: `a file (${e.answer.file})`, content: { [e.answer.file]: {} } }
  else if (e.answer === 'bare')
    ok = {
      description: 'a JSON of its own shape, not the R envelope',
      content: jsonContent({ type: 'object' }),
    }
  else ok = { description: 'R envelope', content: jsonContent(shape.answer ?? ref('R')) }
  const out: Json = {
    200: ok,
    400: e.client
      ? { description: 'refused', content: jsonContent(ref('TokenError')) }
      : { $ref: '#/components/responses/BadRequest' },
  }
  if (e.access.kind !== 'public') out[401] = { $ref: '#/components/responses/Unauthorized' }
  if (e.access.kind !== 'public' && e.access.kind !== 'user')
    out[403] = { $ref: '#/components/responses/Forbidden' }
  return out
}

function security(e: InventoryEntry): Json[] | undefined {
  if (e.access.kind === 'public') return e.client ? [{ BasicClient: [] }] : []
  if (e.download) return [{ BladeAuth: [] }, { DownloadTicket: [] }]
  return undefined // the document's default: Blade-Auth
}

function operation(e: InventoryEntry): Json {
  const shape = shapeOf(e)
  const verb = entityVerb(e)
  const op: Json = {
    operationId: operationId(e),
    tags: [tagOf(e.url)],
    summary: e.entity
      ? `${sourceText(e.entity.title)} · ${verb ?? e.url.slice(e.entity.api.length + 1)}`
      : e.url,
    description: [
      `Access: ${accessText(e.access)}.`,
      `Serves ${OWNER_TEXT[e.owner ?? 'none']}.`,
      ...shape.notes,
    ].join('\n\n'),
    'x-blade-access': e.access,
    'x-blade-owner': e.owner,
    parameters: [...pathOf(e.url).parameters, ...shape.parameters],
    responses: responses(e, shape),
  }
  if (e.writeOnly.length) op['x-blade-write-only'] = e.writeOnly
  if (shape.body) op.requestBody = shape.body
  const sec = security(e)
  if (sec) op.security = sec
  return op
}

function schemas(inventory: InventoryEntry[]): Json {
  const out: Json = { ...(sharedComponents().schemas as Json) }
  out.TokenError = {
    type: 'object',
    properties: { error_code: { type: 'integer' }, error_description: { type: 'string' } },
    description: "the BladeX token endpoint's refusal",
  }
  const seen = new Map<string, unknown>()
  for (const def of new Set(inventory.map((e) => e.entity).filter((d) => d !== null))) {
    if (seen.has(schemaName(def)) && seen.get(schemaName(def)) !== def)
      throw new Error(`two entities named ${def.name}`)
    seen.set(schemaName(def), def)
    Object.assign(out, entitySchemas(def))
  }
  return out
}

// Read when a document is built, not when the module loads: the app's tests start the server in a
// browser-like environment, where this module's URL is no file.
let version: string | undefined
const packageVersion = () =>
  (version ??= (
    JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string
    }
  ).version)

export function openApiDocument(routes: RouteDef[]): Json {
  const inventory = routeInventory(routes)
  const paths: Record<string, Json> = {}
  for (const e of inventory)
    (paths[pathOf(e.url).path] ??= {})[e.method.toLowerCase()] = operation(e)
  const shared = sharedComponents()
  return {
    openapi: '3.1.0',
    info: {
      title: '越南电商管理平台 API',
      version: packageVersion(),
      description: [
        'The Blade HTTP contract (SpringBlade / BladeX): every path also answers under /api; reads are GET, writes POST; answers are the R envelope; ids are strings and dates `yyyy-MM-dd HH:mm:ss`.',
        "Lists take map-style filters: `<field>` with the field's search operator, `<field>_<op>` with another (equal, notequal, like, notlike, likeleft, likeright, gt, ge, lt, le, between, datege…, null, notnull); empty values are skipped.",
        "Every operation says the access it needs (x-blade-access): public, any signed-in user, a button code of the caller's roles, or the platform administrator.",
      ].join('\n\n'),
    },
    servers: [
      { url: '/api', description: 'as the app calls it' },
      { url: '/', description: 'the same paths without the prefix' },
    ],
    security: [{ BladeAuth: [] }],
    tags: [...new Set(inventory.map((e) => tagOf(e.url)))].sort().map((name) => ({ name })),
    paths,
    components: { ...shared, schemas: schemas(inventory) },
  }
}
