// Gift totals per user (/gift/user-total): the list alone.
import { giftUserTotal } from '@/domain/gift/gift-totals'
import { TotalsScreen } from './totals-screen'

export default function UserTotalScreen() {
  return <TotalsScreen def={giftUserTotal} />
}
