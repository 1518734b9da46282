// CRUD conformance over part 3 of 3 of the entity declarations (the suite: conformance-suite.tsx).
import { conformanceSuite } from './conformance-suite'

conformanceSuite(2, 3)
