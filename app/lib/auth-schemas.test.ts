import { describe, expect, it } from "vitest";
import { apiRegisterSchema, loginSchema, registerSchema } from "./auth-schemas";

const messages = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("registerSchema", () => {
  const valid = { name: "Ana Díaz", email: "ana@example.com", password: "secret1", confirmPassword: "secret1" };

  it("accepts a valid registration and trims name and e-mail", () => {
    const result = registerSchema.safeParse({ ...valid, name: "  Ana Díaz ", email: " ana@example.com " });
    expect(result.success && result.data).toEqual({
      name: "Ana Díaz",
      email: "ana@example.com",
      password: "secret1",
      timeZone: null,
      website: "",
    });
  });

  it("says the passwords do not match", () => {
    expect(messages(registerSchema.safeParse({ ...valid, confirmPassword: "secret2" }))).toEqual({
      confirmPassword: "auth.passwordMismatch",
    });
  });

  it("says the password is too short, at 5 characters but not at 6", () => {
    expect(messages(registerSchema.safeParse({ ...valid, password: "12345", confirmPassword: "12345" }))).toEqual({
      password: "auth.passwordTooShort",
    });
    expect(registerSchema.safeParse({ ...valid, password: "123456", confirmPassword: "123456" }).success).toBe(true);
  });

  it("reports every problem at once, mismatch and length together", () => {
    expect(messages(registerSchema.safeParse({ name: "", email: "nope", password: "123", confirmPassword: "1234" }))).toEqual({
      name: "auth.nameRequired",
      email: "common.invalidEmail",
      confirmPassword: "auth.passwordMismatch",
      password: "auth.passwordTooShort",
    });
  });

  it("requires every field", () => {
    expect(messages(registerSchema.safeParse({}))).toEqual({
      name: "auth.nameRequired",
      email: "auth.emailRequired",
      password: "auth.passwordRequired",
    });
  });
});

describe("apiRegisterSchema", () => {
  it("needs no confirmation but checks types", () => {
    expect(apiRegisterSchema.safeParse({ name: "A", email: "a@b.co", password: "secret1" }).success).toBe(true);
    expect(apiRegisterSchema.safeParse({ name: 5, email: "a@b.co", password: "secret1" }).success).toBe(false);
    expect(apiRegisterSchema.safeParse({ name: "A", email: ["a@b.co"], password: "secret1" }).success).toBe(false);
  });
});

describe("loginSchema", () => {
  it("requires a valid e-mail and a password", () => {
    expect(loginSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(messages(loginSchema.safeParse({ email: "not-an-email", password: "" }))).toEqual({
      email: "common.invalidEmail",
      password: "auth.passwordRequired",
    });
  });
});
