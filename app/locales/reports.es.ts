const reportsEs = {
  title: "Informes del negocio",
};

export default reportsEs;
