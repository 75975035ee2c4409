const invoicesEs = {
  title: "Facturas",
};

export default invoicesEs;
