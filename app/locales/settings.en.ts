// English strings of the settings screen.
const settingsEn = {
  title: "Settings",
} as const;

export default settingsEn;
