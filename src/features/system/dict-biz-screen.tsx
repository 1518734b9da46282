// Business dictionary (/system/dict-biz): rows of the caller's tenant.
import { dictBiz } from '@/domain/system/dict-biz'
import { DictConfig } from './dict-config'

export default function DictBizScreen() {
  return <DictConfig def={dictBiz} />
}
