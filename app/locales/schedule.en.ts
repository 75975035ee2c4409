// English strings of the schedule, appointments and dashboard screens.
const scheduleEn = {
  title: "Schedule",
} as const;

export default scheduleEn;
