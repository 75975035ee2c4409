// English strings of the notifications bell and page.
const notificationsEn = {
  title: "Notifications",
  empty: "No notifications yet",
  unread: "{{count}} unread",
  markRead: "Mark as read",
  markAllRead: "Mark all as read",
  allMarkedRead: "All notifications marked as read",
  delete: "Delete",
  viewAll: "View all notifications",
  justNow: "Just now",
  minutesAgo: "{{count}} min ago",
  hoursAgo: "{{count}} h ago",
  daysAgo: "{{count}} d ago",
  events: {
    depositReceivedTitle: "Deposit received",
    depositReceived: "{{amount}} deposit received by card for {{number}} ({{title}})",
    paymentRecordedTitle: "Payment received",
    paymentRecorded: "{{amount}} received for {{number}} ({{title}}) by {{method}}; balance due {{balance}}",
    overpaidTitle: "Invoice overpaid",
    overpaid: "{{number}} ({{title}}) has received {{over}} more than its total: refund or credit the customer",
    depositOverpaidTitle: "Estimate overpaid",
    depositOverpaid:
      "{{number}} ({{title}}) has received {{over}} more in deposits than its total: refund or credit the customer",
    paymentReceivedTitle: "Payment received",
    paymentReceived: "{{number}} ({{title}}) was paid: {{total}}",
    estimateApprovedTitle: "Estimate approved",
    estimateApproved: "{{customer}} approved {{number}} ({{title}}), signed {{signature}}: {{total}}",
    estimateApprovedWithMessage:
      "{{customer}} approved {{number}} ({{title}}), signed {{signature}}: {{total}}. Message: {{message}}",
    estimateRejectedTitle: "Estimate declined",
    estimateRejected: "{{customer}} declined {{number}} ({{title}})",
    estimateRejectedWithReason: "{{customer}} declined {{number}} ({{title}}). Reason: {{reason}}",
  },
  mail: {
    open: "Open the estimate:",
    why: "You get this e-mail because Email Notifications are on in Settings:",
  },
} as const;

export default notificationsEn;
