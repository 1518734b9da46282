// The CRUD conformance suite (src/test/conformance-suite.tsx) for part 2 of 4 of the registered
// entities. The four parts stay at these paths beside the engine: the code generator's end-to-end
// test runs them by name in a copy of the project (server/modules/develop/gen-apply.test.ts).
import { crudConformance } from '@/test/conformance-suite'

crudConformance(1, 4)
