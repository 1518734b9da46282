// CRUD conformance over part 2 of 3 of the entity declarations (the suite: conformance-suite.tsx).
import { conformanceSuite } from './conformance-suite'

conformanceSuite(1, 3)
