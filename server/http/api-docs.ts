// The API description and its viewer where SpringBlade has them (/v3/api-docs, /doc.html). The
// document is built once per process from the routes; the viewer is swagger-ui-dist, served from
// node_modules by this server (the CSP admits no other origin) and loaded by this page only.
// Public, as SpringBlade's gateway leaves its API-doc paths: the document holds no data, only the
// routes and declarations the app's own bundle already ships. API_DOCS=0 answers 404 on all of them.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { PUBLIC } from '../core/access.ts'
import { unknownPath } from '../core/envelope.ts'
import { openApiDocument } from './openapi.ts'
import type { AppContext, RouteDef } from '../core/routes.ts'
import { docsPagePolicy } from './security-headers.ts'

interface Asset {
  type: string
  body: Buffer
  gzip: Buffer
  etag: string
}

function assetOf(type: string, content: string | Buffer): Asset {
  const body = Buffer.from(content)
  return {
    type,
    body,
    gzip: gzipSync(body),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  }
}

/** Made at the first request, then kept: the document and the viewer's files do not change while the process runs. */
function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

function sendAsset(req: FastifyRequest, reply: FastifyReply, a: Asset) {
  reply
    .header('Cache-Control', 'no-cache')
    .header('ETag', a.etag)
    .header('Vary', 'Accept-Encoding')
    .type(a.type)
  if (req.headers['if-none-match'] === a.etag) return reply.status(304).send()
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')))
    return reply.header('Content-Encoding', 'gzip').send(a.gzip)
  return reply.send(a.body)
}

const swaggerUiFile = (name: string) =>
  readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')), name),
  )

// Relative addresses, so the page works at /doc.html and /api/doc.html alike.
const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>越南电商管理平台 API</title>
<link rel="stylesheet" href="webjars/swagger-ui/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="webjars/swagger-ui/swagger-ui-bundle.js"></script>
<script src="webjars/doc-init.js"></script>
</body>
</html>
`

// A file of its own: the page's CSP runs no inline script. No validator badge: it would call another origin.
const INIT = `window.ui = SwaggerUIBundle({
  url: new URL('v3/api-docs', document.baseURI).href,
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  filter: true,
  showExtensions: true,
  defaultModelsExpandDepth: 0,
  validatorUrl: null,
})
`

/** The docs routes; `routes` is every route of the app, these included, read at the first request. */
export function apiDocsRoutes(ctx: AppContext, routes: () => RouteDef[]): RouteDef[] {
  const serve = (
    url: string,
    type: string,
    make: () => string | Buffer,
    csp?: string,
  ): RouteDef => {
    const asset = once(() => assetOf(type, make()))
    return {
      method: 'GET',
      url,
      access: PUBLIC,
      owner: 'none',
      answer: type.startsWith('application/json') ? 'bare' : { file: type },
      handler: async (req, reply) => {
        // Off: the answer of any unknown path, never the app's index.html.
        if (!ctx.config.apiDocs) return reply.status(404).send(unknownPath())
        if (csp) reply.header('Content-Security-Policy', csp)
        return sendAsset(req, reply, asset())
      },
    }
  }
  return [
    serve('/v3/api-docs', 'application/json; charset=utf-8', () =>
      JSON.stringify(openApiDocument(routes())),
    ),
    serve('/doc.html', 'text/html; charset=utf-8', () => PAGE, docsPagePolicy()),
    serve('/webjars/doc-init.js', 'text/javascript; charset=utf-8', () => INIT),
    serve('/webjars/swagger-ui/swagger-ui-bundle.js', 'text/javascript; charset=utf-8', () =>
      swaggerUiFile('swagger-ui-bundle.js'),
    ),
    serve('/webjars/swagger-ui/swagger-ui.css', 'text/css; charset=utf-8', () =>
      swaggerUiFile('swagger-ui.css'),
    ),
  ]
}
