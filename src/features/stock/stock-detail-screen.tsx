// Stock count details (/stock/stock-detail): read-only, no menu column (docs/product.md §2 "Layout
// specifics"); lines counted on this device and not yet confirmed show with their pending marker
// (docs/offline.md R24).
import { CrudScreen } from '@/crud/crud-screen'
import { usePendingSlots } from '@/crud/pending'
import { stockDetail } from '@/domain/stock/stock-detail'

export default function StockDetailScreen() {
  const pending = usePendingSlots(stockDetail)
  return <CrudScreen entity={stockDetail} slots={pending} />
}
