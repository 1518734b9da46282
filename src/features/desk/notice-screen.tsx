// Notices (/desk/notice): the generic list; the content is an editor field, written in the engine's
// rich-text editor and shown as sanitised HTML in the view dialog.
import { CrudScreen } from '@/crud/crud-screen'
import { notice } from '@/domain/desk/notice'

export default function NoticeScreen() {
  return <CrudScreen entity={notice} />
}
