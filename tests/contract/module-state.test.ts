// Services live in the app's context and a write's state in the write's context, not in WeakMaps
// declared at the top of a server module (keyed by the database, the transaction or the request
// body): such a map outlives the app it served and lets one write reach another's state. A WeakMap
// made inside a function (one call's) or held by a class (its instance's) is fine.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The lines of `new WeakMap` outside every function and class body of the source. */
function moduleWeakMaps(fileName: string, text: string): number[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const lines: number[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'WeakMap'
    )
      lines.push(source.getLineAndCharacterOfPosition(node.getStart()).line + 1)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return lines
}

function serverFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return serverFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('module state', () => {
  it('finds a WeakMap declared at the top of a module, and not one made in a function or held by a class', () => {
    expect(moduleWeakMaps('a.ts', 'const pending = new WeakMap<object, string>()\n')).toEqual([1])
    expect(
      moduleWeakMaps(
        'a.ts',
        'export const caches = {\n  byDb: new WeakMap<object, number>(),\n}\n',
      ),
    ).toEqual([2])
    expect(
      moduleWeakMaps(
        'a.ts',
        [
          'export function build() {',
          '  const failures = new WeakMap<object, Error>()',
          '  return failures',
          '}',
          'export const later = () => new WeakMap()',
          'export class Watch {',
          '  readonly #wrapped = new WeakMap<object, object>()',
          '}',
        ].join('\n'),
      ),
    ).toEqual([])
  })

  it('no server file other than a test declares a WeakMap at the top of a module', () => {
    const found = serverFiles('server').flatMap((file) =>
      moduleWeakMaps(file, readFileSync(join(root, file), 'utf8')).map((line) => `${file}:${line}`),
    )
    expect(found).toEqual([])
  })
})
