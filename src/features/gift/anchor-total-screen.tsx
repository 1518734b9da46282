// Gift totals per anchor (/gift/anchor-total), with the ten anchors of the range with the most đồng.
import { useLingui } from '@lingui/react/macro'
import { giftAnchorTotal } from '@/domain/gift/gift-totals'
import { TotalsScreen } from './totals-screen'

export default function AnchorTotalScreen() {
  const { t } = useLingui()
  return (
    <TotalsScreen
      def={giftAnchorTotal}
      chart={{ title: t`主播礼物总价值前10`, label: 'anchorName' }}
    />
  )
}
