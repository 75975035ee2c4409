const scheduleEs = {
  title: "Agenda",
};

export default scheduleEs;
