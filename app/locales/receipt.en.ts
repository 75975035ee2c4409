// English strings of a payment's PDF receipt (docs/product/customers.md, "The customer hub"),
// written in the account's document language.
const receiptEn = {
  title: "Receipt",
  /** The downloaded file's name, before its number and ".pdf". */
  filePrefix: "Receipt",
  number: "Receipt number",
  dateReceived: "Date received",
  receivedFrom: "Received from",
  invoice: "Invoice",
  description: "Description",
  method: "Method",
  amount: "Amount",
  paymentOn: "Payment on invoice {{number}}",
  methods: {
    card: "Card",
    cash: "Cash",
    check: "Check",
    bank_transfer: "Bank transfer",
    other: "Other",
  },
  reference: "Reference: {{reference}}",
  amountReceived: "Amount received",
  invoiceTotal: "Invoice total",
  paidToDate: "Paid to date",
  balanceAfter: "Balance after this payment",
  credit: "Credit (overpaid)",
  paidInFull: "Paid in full",
  thankYou: "Thank you for your payment!",
} as const;

export default receiptEn;
