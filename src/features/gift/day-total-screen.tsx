// Gift totals per day (/gift/gift-total), with the đồng of every day of the range as a chart.
import { useLingui } from '@lingui/react/macro'
import { giftDayTotal } from '@/domain/gift/gift-totals'
import { TotalsScreen } from './totals-screen'

export default function DayTotalScreen() {
  const { t } = useLingui()
  return <TotalsScreen def={giftDayTotal} chart={{ title: t`每日礼物总价值`, label: 'giftDate' }} />
}
