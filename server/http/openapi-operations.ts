// What one operation of the API description takes and answers. The generic endpoints of a declared
// entity (list, page, detail, submit, save, update, remove, restore, export, import; a custom
// entity's hand-written ones keep the same paths and shapes) are described from the declaration;
// any other route by its inventory sample.
import type { EntityDef } from '../../src/domain/entity.ts'
import { IDEMPOTENCY_KEY } from '../crud/idempotency.ts'
import type { InventoryEntry } from './inventory.ts'
import { schemaName, type Json } from './openapi-fields.ts'
import { filterParameters, pagingParameters, sampleParameters } from './openapi-params.ts'
import { envelopeOf, jsonContent, pageOf, ref } from './openapi-shared.ts'

export interface Shape {
  parameters: Json[]
  body?: Json
  /** The 200 answer's JSON schema (an R envelope) when more is known than R itself. */
  answer?: Json
  notes: string[]
}

const required = (name: string, description: string): Json => ({
  name,
  in: 'query',
  required: true,
  schema: { type: 'string' },
  description,
})
const idempotencyKey: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
  description:
    'a repeat with the same key gets the stored answer; with another body 422, while the first runs 409',
}
const body = (schema: Json): Json => ({ required: true, content: jsonContent(schema) })

/** The route's verb when it is one of its entity's own endpoints (`<api>/<verb>`). */
export function entityVerb(e: InventoryEntry): string | null {
  if (!e.entity) return null
  const cut = e.url.lastIndexOf('/')
  return e.url.slice(0, cut) === e.entity.api ? e.url.slice(cut + 1) : null
}

function declaredShape(def: EntityDef, verb: string): Shape | null {
  const name = schemaName(def)
  const record = ref(name)
  // A custom entity's module answers in its own way (a tree, extra fields); its request shapes are the declaration's.
  const answered = (schema: Json) => (def.custom ? undefined : schema)
  const ids = def.key
    ? required('id', `the ${def.key} of the row`)
    : required('ids', 'row ids, comma-separated')
  switch (verb) {
    case 'list':
    case 'page':
      return {
        parameters: [...pagingParameters(), ...filterParameters(def)],
        answer: answered(pageOf(record)),
        notes: def.custom
          ? ['The module answers a page or, for a tree, the rows with their children.']
          : [],
      }
    case 'export':
      return {
        parameters: [
          ...pagingParameters().slice(2),
          ...filterParameters(def),
          {
            name: 'columns',
            in: 'query',
            schema: { type: 'string' },
            description:
              'list fields to write, in this order, comma-separated (default: every list column)',
          },
          {
            name: 'ids',
            in: 'query',
            schema: { type: 'string' },
            description: "the rows to write instead of the filter's, comma-separated",
          },
        ],
        notes: ['At most 10,000 rows.'],
      }
    case 'detail':
      return {
        parameters: [required(def.key ?? 'id', 'the row')],
        answer: answered(envelopeOf(record)),
        notes: [],
      }
    case 'submit':
      return {
        parameters: [idempotencyKey],
        body: body({ anyOf: [ref(`${name}Create`), ref(`${name}Update`)] }),
        answer: answered(envelopeOf(record)),
        notes: [
          'Creates without `id` (or with a new client-made id), else updates: an update checks only the fields it carries.',
        ],
      }
    case 'save':
      return {
        parameters: [idempotencyKey],
        body: body(ref(`${name}Create`)),
        answer: answered(envelopeOf(record)),
        notes: [],
      }
    case 'update':
      return {
        parameters: [idempotencyKey],
        body: body(ref(`${name}Update`)),
        answer: answered(envelopeOf(record)),
        notes: [
          'Checks only the fields it carries; a `version` other than the stored one answers 409.',
        ],
      }
    case 'remove':
    case 'restore':
      return {
        parameters: [ids, idempotencyKey],
        notes:
          verb === 'restore'
            ? ['Undoes a remove; refused when a declared unique value was taken since.']
            : [],
      }
    case 'import': {
      if (!def.import) return null
      const given = (def.import.given ?? []).map((g) =>
        required(g, 'given once for the whole file'),
      )
      return {
        parameters: [
          {
            name: 'preview',
            in: 'query',
            schema: { enum: ['1', 'true'] },
            description: 'answer the header mapping and the first rows, write nothing',
          },
          ...given,
        ],
        body: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: {
                    type: 'string',
                    contentMediaType: 'application/octet-stream',
                    description: 'xlsx or csv',
                  },
                },
              },
            },
          },
        },
        notes: [
          `Rows are keyed by ${def.import.key.join(' + ')}: the same file twice changes nothing.`,
        ],
      }
    }
    default:
      return null
  }
}

/** A hand-written route: its sample's query parameters, and its JSON body as the example. */
function sampleShape(e: InventoryEntry): Shape {
  const json = e.sample?.json
  const shape: Shape = { parameters: sampleParameters(e.sample), notes: [] }
  if (json !== undefined)
    shape.body = {
      required: true,
      content: {
        'application/json': {
          schema: { type: Array.isArray(json) ? 'array' : 'object' },
          example: json,
        },
      },
    }
  return shape
}

export function shapeOf(e: InventoryEntry): Shape {
  const verb = entityVerb(e)
  return (verb && e.entity && declaredShape(e.entity, verb)) || sampleShape(e)
}
