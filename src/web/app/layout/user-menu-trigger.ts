// The avatar button's look, shared by the closed user menu (user-menu) and the opened one
// (user-menu-popup), so the button does not shift when the menu's chunk arrives.
export const USER_MENU_TRIGGER_CLASS =
  'rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background'
