import { createUser } from "~/models/user.server";
import { createUserSession } from "~/infrastructure/session.server";

/** A fresh account and the Cookie header of a live session for it. */
export async function signedInAccount(name = "Contractor") {
  const user = await createUser({ name, email: `${crypto.randomUUID()}@example.com`, password: "secret1" });
  const setCookie = await createUserSession(new Request("http://localhost/"), user.id);
  return { user, cookie: setCookie.split(";")[0] };
}
