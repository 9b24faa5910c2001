// The toast after a reminder's status changes (docs/product.md §8), shown by the notification
// dropdown and the Reminders page alike.
export const REMINDER_UPDATED_TOAST = {
  title: 'Reminder updated',
  description: 'Reminder status has been updated successfully.',
} as const
