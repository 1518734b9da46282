// Once per `vitest run`: tags the run so its workers keep one migrated and seeded database each to
// copy from (database-template.ts), and drops those when the run ends.
import { dropTemplates } from './database-template.ts'

export default function setup(): () => Promise<void> {
  const tag = String(process.pid)
  process.env.TEST_DB_TEMPLATE_TAG = tag
  return () => dropTemplates(tag)
}
