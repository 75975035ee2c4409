// Spanish strings of a payment's PDF receipt.
import type { Dictionary } from "./en";

const receiptEs: Dictionary["receipt"] = {
  title: "Recibo",
  filePrefix: "Recibo",
  number: "Número de recibo",
  dateReceived: "Fecha de recepción",
  receivedFrom: "Recibido de",
  invoice: "Factura",
  description: "Descripción",
  method: "Forma de pago",
  amount: "Importe",
  paymentOn: "Pago de la factura {{number}}",
  methods: {
    card: "Tarjeta",
    cash: "Efectivo",
    check: "Cheque",
    bank_transfer: "Transferencia bancaria",
    other: "Otro",
  },
  reference: "Referencia: {{reference}}",
  amountReceived: "Importe recibido",
  invoiceTotal: "Total de la factura",
  paidToDate: "Pagado hasta la fecha",
  balanceAfter: "Saldo tras este pago",
  credit: "Saldo a su favor",
  paidInFull: "Pagada en su totalidad",
  thankYou: "¡Gracias por su pago!",
};

export default receiptEs;
