// English strings of the estimates screens and documents.
const estimatesEn = {
  title: "Estimates",
} as const;

export default estimatesEn;
