// Desk screens beyond the home pages: notices with rich-text content.
export const screens = {
  '/desk/notice': () => import('./notice-screen'),
}
