const estimatesEs = {
  title: "Presupuestos",
};

export default estimatesEs;
