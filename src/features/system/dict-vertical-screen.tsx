// /dict-vertical/index: the system dictionary's parents on top, the chosen one's entries below.
import { dict } from '@/domain/system/dict'
import { DictSplit } from './dict-split'

export default function DictVerticalScreen() {
  return <DictSplit def={dict} direction="column" />
}
