// English strings of the invoices screens and documents.
const invoicesEn = {
  title: "Invoices",
} as const;

export default invoicesEn;
