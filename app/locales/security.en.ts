// English strings of the security settings (password, other devices) and the sign-in limit.
const securityEn = {
  title: "Security",
  subtitle: "Your password and the devices signed in to your account.",
  backToSettings: "Back to settings",
  password: {
    title: "Change password",
    description: "Enter your current password, then the new one twice. Every other device is signed out when it changes.",
    current: "Current password",
    new: "New password",
    confirm: "Confirm new password",
    hint: "At least 6 characters",
    submit: "Change password",
    submitting: "Changing...",
  },
  currentRequired: "Current password is required",
  currentWrong: "The current password is not correct",
  newRequired: "New password is required",
  confirmRequired: "Please confirm the new password",
  tooLong: "Passwords are at most 1000 characters long",
  changed: "Password changed",
  changedBody: "Your new password is saved and every other device has been signed out.",
  changeFailed: "Password not changed",
  sessions: {
    title: "Devices",
    description: "Browsers and devices where you are signed in, besides this one.",
    others: "Other devices signed in: {{count}}",
    submit: "Sign out of all other devices",
    submitting: "Signing out...",
  },
  othersEnded: "Signed out of other devices",
  othersEndedBody: "Sessions ended: {{count}}. This device stays signed in.",
  tooManyTitle: "Too many attempts",
  tooManyAttempts: "Too many sign-in attempts for this email. Please wait {{minutes}} minute(s) and try again.",
  tooManyAttemptsShort: "Too many sign-in attempts for this email. Please wait a few minutes and try again.",
} as const;

export default securityEn;
