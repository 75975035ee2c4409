const settingsEs = {
  title: "Configuración",
};

export default settingsEs;
