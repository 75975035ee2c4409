// English strings of the reports screen.
const reportsEn = {
  title: "Business Reports",
} as const;

export default reportsEn;
