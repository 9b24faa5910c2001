// Query keys of the reminders calls: URL parts, so invalidating ['/api/reminders'] refreshes the
// list, the bell and the sidebar badge together.
export const reminderKeys = {
  all: ['/api/reminders'] as const,
  active: () => ['/api/reminders', { status: 'active' }] as const,
  unreadCount: () => ['/api/reminders', 'unread-count'] as const,
}
