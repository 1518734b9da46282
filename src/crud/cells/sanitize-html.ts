// Stored rich text (editor fields) is shown only after this: scripts, styles, frames and embedded objects are
// removed, as are event-handler attributes and javascript:/data: links.
const DROPPED =
  'script,style,iframe,frame,frameset,object,embed,link,meta,base,form,input,button,textarea,select,template,noscript,svg,math'
const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset']
const UNSAFE_URL = /^\s*(javascript|vbscript|data):/i

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  doc.body.querySelectorAll(DROPPED).forEach((el) => el.remove())
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase()
      if (
        name.startsWith('on') ||
        name === 'style' ||
        (URL_ATTRS.includes(name) && UNSAFE_URL.test(attr.value))
      )
        el.removeAttribute(attr.name)
    }
    // Links open outside the app and cannot reach back into it.
    if (el.tagName === 'A' && el.getAttribute('href')) {
      el.setAttribute('target', '_blank')
      el.setAttribute('rel', 'noopener noreferrer')
    }
  })
  return doc.body.innerHTML
}
