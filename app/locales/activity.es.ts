import type activityEn from "./activity.en";

/** The same keys as English, every one of them translated. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

// Spanish strings of the activity of an estimate or an invoice.
const activityEs: Strings<typeof activityEn> = {
  title: "Actividad",
  action: "Actividad",
  actionLabel: "Actividad de {{number}}",
  intro: "Lo que pasó con {{number}}, de lo más antiguo a lo más reciente. Horas en {{zone}}.",
  reference: "ref. {{reference}}",
  reason: "Motivo indicado: {{reason}}",
  by: "Por {{name}} ({{role}})",
  byFormer: "Por {{name}}",
  events: {
    createdInvoice: "Factura creada",
    createdEstimate: "Presupuesto creado",
    createdFrom: "Factura creada a partir del presupuesto {{number}}",
    invoiced: "Factura {{number}} creada a partir de este presupuesto",
    sent: "Envío por correo electrónico a {{to}}",
    sentNoAddress: "Envío por correo electrónico",
    linkCreated: "Enlace para compartir creado",
    viewed_one: "Enlace abierto por el cliente",
    viewed_other: "Enlace abierto por primera vez por el cliente ({{count}} veces en total)",
    lastViewed: "Enlace abierto por última vez por el cliente",
    approved: "Aprobado y firmado por {{name}}",
    approvedNoName: "Aprobado",
    declined: "Rechazado por {{name}}",
    declinedNoName: "Rechazado por el cliente",
    payment: "Pago recibido: {{amount}}, {{method}}",
    deposit: "Anticipo recibido: {{amount}}, {{method}}",
    lateCharge_one: "Recargo por mora añadido: {{amount}} ({{count}} mes de atraso)",
    lateCharge_other: "Recargo por mora añadido: {{amount}} ({{count}} meses de atraso)",
    paid: "Pagada por completo",
    reminderBefore_one: "Recordatorio de pago enviado ({{count}} día antes del vencimiento)",
    reminderBefore_other: "Recordatorio de pago enviado ({{count}} días antes del vencimiento)",
    reminderOnDueDate: "Recordatorio de pago enviado (el día del vencimiento)",
    reminderAfter_one: "Recordatorio de pago enviado ({{count}} día después del vencimiento)",
    reminderAfter_other: "Recordatorio de pago enviado ({{count}} días después del vencimiento)",
    followUp: "Seguimiento enviado al cliente",
    expiryReminder: "Recordatorio de caducidad enviado (válido hasta el {{date}})",
  },
};

export default activityEs;
