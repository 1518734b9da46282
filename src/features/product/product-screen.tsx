// Products (/product/product): the generic list over the declaration. Its rows come from `page`:
// the server caps `list` at 100 rows a call (docs/product.md §7, for pickers and the SKU cache),
// while the screen offers page sizes up to 200.
import { CrudScreen } from '@/crud/crud-screen'
import { product } from '@/domain/product/product'

const source = { kind: 'page', verb: 'page' } as const

export default function ProductScreen() {
  return <CrudScreen entity={product} slots={{ source }} />
}
