// The CRUD conformance suite (conformance-suite.tsx) for part 2 of 4 of the registered entities.
import { crudConformance } from './conformance-suite'

crudConformance(1, 4)
