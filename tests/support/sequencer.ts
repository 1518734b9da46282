// The order the test files start in. Vitest starts the longest files first only from the timings of
// an earlier run on the same machine; a fresh clone (CI) has none, and by file size the short files
// that run a long generated suite (crud-conformance-<n>, generated-input-*) came last, so the run
// ended with one of them alone on the machine. These start first, longest first; the rest follow in
// Vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const LONG_FIRST = [
  /generated-input-postgres-writes\.test/,
  /crud-conformance-\d\.test/,
  /generated-input-sqlite-writes\.test/,
  /sync-engine\.property\.test/,
  /generated-input-postgres-reads\.test/,
  /tk-import\.test/,
  /gen-apply\.test/,
  /kill-during-writes\.test/,
  /entities\.test/,
  /two-processes\.test/,
  /security\.test/,
  /generated-input-sqlite-reads\.test/,
  /load-smoke\.test/,
  // The end-to-end pass: a long file started last ran on alone after the others had ended.
  /e2e\/catalog-split\.test/,
  /e2e\/accessibility\.test/,
  /e2e\/offline-durability\.test/,
  /e2e\/offline-outbox\.test/,
  /e2e\/offline-field\.test/,
  /e2e\/system-screens\.test/,
  // Starts a server process of its own and restarts it: long, and no browser beside it.
  /e2e\/start\.test/,
]

const rank = (spec: TestSpecification) => {
  const i = LONG_FIRST.findIndex((re) => re.test(spec.moduleId))
  return i < 0 ? LONG_FIRST.length : i
}

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec)
  }
}
