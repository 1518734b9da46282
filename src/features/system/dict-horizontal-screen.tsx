// /dict-horizontal/index: the system dictionary's parents on the left, the chosen one's entries on the right.
import { dict } from '@/domain/system/dict'
import { DictSplit } from './dict-split'

export default function DictHorizontalScreen() {
  return <DictSplit def={dict} direction="row" />
}
