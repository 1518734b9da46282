// Gift totals per gift (/gift/gift-item-total), with the ten gifts of the range with the most đồng.
import { useLingui } from '@lingui/react/macro'
import { giftItemTotal } from '@/domain/gift/gift-totals'
import { TotalsScreen } from './totals-screen'

export default function ItemTotalScreen() {
  const { t } = useLingui()
  return (
    <TotalsScreen def={giftItemTotal} chart={{ title: t`礼物总价值前10`, label: 'giftName' }} />
  )
}
