/** An e-mail address as accounts and sign-in limits key it: no surrounding spaces, lower case. */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}
