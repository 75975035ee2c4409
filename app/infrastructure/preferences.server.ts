import { createCookie } from "@remix-run/node";

export type Theme = "light" | "dark";

export const themeCookie = createCookie("td_theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 60 * 60,
});

export async function getThemeFromCookie(request: Request): Promise<Theme | null> {
  const value = await themeCookie.parse(request.headers.get("Cookie"));
  return value === "dark" || value === "light" ? value : null;
}
