// The parts of the API description every operation shares: the R envelope and the page shape
// (docs/contract.md §2.1, §2.4), the security schemes (docs/contract.md §1.1, §4) and the refusals, as named components.
import type { Json } from './openapi-fields.ts'

export const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` })

/** R with `data` of this shape. */
export const envelopeOf = (data: Json): Json => ({ allOf: [ref('R'), { properties: { data } }] })

/** R with a page of these records. */
export const pageOf = (record: Json): Json =>
  envelopeOf({
    allOf: [ref('Page'), { properties: { records: { type: 'array', items: record } } }],
  })

export const jsonContent = (schema: Json): Json => ({ 'application/json': { schema } })

const refusal = (description: string): Json => ({ description, content: jsonContent(ref('R')) })

export function sharedComponents(): Json {
  return {
    schemas: {
      R: {
        type: 'object',
        description:
          "Every answer: success is true iff code is 200; msg is the server's (Chinese) message.",
        required: ['code', 'success', 'data', 'msg'],
        properties: {
          code: { type: 'integer', examples: [200] },
          success: { type: 'boolean' },
          data: {},
          msg: { type: 'string', examples: ['操作成功'] },
        },
      },
      Page: {
        type: 'object',
        required: ['records', 'total', 'size', 'current', 'pages'],
        properties: {
          records: { type: 'array', items: {} },
          total: {
            type: 'integer',
            description: 'matching rows; counted up to a cap, then totalCapped is true',
          },
          size: { type: 'integer' },
          current: { type: 'integer' },
          pages: { type: 'integer' },
          orders: { type: 'array', items: {} },
          searchCount: { type: 'boolean' },
          totalCapped: {
            type: 'boolean',
            description: "this server's extension: total is a lower bound",
          },
        },
      },
    },
    responses: {
      BadRequest: refusal(
        '400: a missing or malformed parameter or field, or a business rule (msg says which)',
      ),
      Unauthorized: refusal('401: no valid access token (missing, expired, revoked or forged)'),
      Forbidden: refusal('403: signed in, but without the access this operation needs'),
    },
    securitySchemes: {
      BladeAuth: {
        type: 'apiKey',
        in: 'header',
        name: 'Blade-Auth',
        description:
          'bearer <access_token>: the access_token of POST /blade-auth/oauth/token, after the word bearer and a space.',
      },
      BasicClient: {
        type: 'http',
        scheme: 'basic',
        description:
          'Authorization: Basic base64(clientId:clientSecret) of an OAuth client (应用管理); the token endpoint checks it.',
      },
      DownloadTicket: {
        type: 'apiKey',
        in: 'query',
        name: 'ticket',
        description:
          'A single-use ticket from POST /blade-resource/download-ticket?path=<this path>, for a file the browser opens by URL.',
      },
    },
  }
}
