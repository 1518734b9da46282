// CRUD conformance over part 1 of 3 of the entity declarations (the suite: conformance-suite.tsx).
import { conformanceSuite } from './conformance-suite'

conformanceSuite(0, 3)
