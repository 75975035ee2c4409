import type notificationsEn from "./notifications.en";

/** The same keys as English, every one of them translated. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

const notificationsEs: Strings<typeof notificationsEn> = {
  title: "Notificaciones",
  empty: "Aún no hay notificaciones",
  unread: "{{count}} sin leer",
  markRead: "Marcar como leída",
  markAllRead: "Marcar todas como leídas",
  allMarkedRead: "Todas las notificaciones se marcaron como leídas",
  delete: "Eliminar",
  viewAll: "Ver todas las notificaciones",
  justNow: "Ahora mismo",
  minutesAgo: "hace {{count}} min",
  hoursAgo: "hace {{count}} h",
  daysAgo: "hace {{count}} d",
  events: {
    depositReceivedTitle: "Anticipo recibido",
    depositReceived: "Anticipo de {{amount}} recibido con tarjeta para {{number}} ({{title}})",
    paymentRecordedTitle: "Pago recibido",
    paymentRecorded: "Se recibieron {{amount}} de {{number}} ({{title}}) con {{method}}; saldo pendiente {{balance}}",
    overpaidTitle: "Factura pagada de más",
    overpaid: "{{number}} ({{title}}) recibió {{over}} más que su total: reembolse o acredite al cliente",
    depositOverpaidTitle: "Presupuesto pagado de más",
    depositOverpaid: "{{number}} ({{title}}) recibió en anticipos {{over}} más que su total: reembolse o acredite al cliente",
    paymentReceivedTitle: "Pago recibido",
    paymentReceived: "Se pagó {{number}} ({{title}}): {{total}}",
    estimateApprovedTitle: "Presupuesto aprobado",
    estimateApproved: "{{customer}} aprobó {{number}} ({{title}}), firmado por {{signature}}: {{total}}",
    estimateApprovedWithMessage:
      "{{customer}} aprobó {{number}} ({{title}}), firmado por {{signature}}: {{total}}. Mensaje: {{message}}",
    estimateRejectedTitle: "Presupuesto rechazado",
    estimateRejected: "{{customer}} rechazó {{number}} ({{title}})",
    estimateRejectedWithReason: "{{customer}} rechazó {{number}} ({{title}}). Motivo: {{reason}}",
  },
  mail: {
    open: "Abrir el presupuesto:",
    why: "Recibe este correo porque las notificaciones por correo están activadas en Configuración:",
  },
};

export default notificationsEs;
