// System dictionary (/system/dict).
import { dict } from '@/domain/system/dict'
import { DictConfig } from './dict-config'

export default function DictScreen() {
  return <DictConfig def={dict} />
}
