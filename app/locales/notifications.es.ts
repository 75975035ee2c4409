const notificationsEs = {
  title: "Notificaciones",
  empty: "Aún no hay notificaciones",
  unread: "{{count}} sin leer",
  markRead: "Marcar como leída",
  markAllRead: "Marcar todas como leídas",
  allMarkedRead: "Todas las notificaciones se marcaron como leídas",
  delete: "Eliminar",
  deleted: "Notificación eliminada",
  viewAll: "Ver todas las notificaciones",
  justNow: "Ahora mismo",
  minutesAgo: "hace {{count}} min",
  hoursAgo: "hace {{count}} h",
  daysAgo: "hace {{count}} d",
  events: {
    paymentReceivedTitle: "Pago recibido",
    paymentReceived: "Se pagó {{number}} ({{title}}): {{total}}",
  },
  types: {
    estimate_approved: "Presupuesto aprobado",
    estimate_rejected: "Presupuesto rechazado",
    payment_received: "Pago recibido",
    new_inquiry: "Nueva consulta",
    other: "Notificación",
  },
};

export default notificationsEs;
