// /api/customers and /api/customers/{id}, called as Remix calls them, with real sessions.
import { describe, expect, it } from "vitest";
import { createJob } from "#db/factories";
import { getCustomer, listCustomers } from "~/models/customer.server";
import { action as collectionAction, loader as collectionLoader } from "~/routes/api.customers/route";
import { action as itemAction, loader as itemLoader } from "~/routes/api.customers.$id/route";
import { getDb } from "~/infrastructure/db.server";
import { signedInAccount } from "../../../test/accounts";
import { apiRequest } from "../../../test/requests";
import { runRoute } from "../../../test/route";

const URL_BASE = "http://localhost/api/customers";

const call = (method: string, cookie: string | null, body?: unknown, path = "") =>
  apiRequest(`${URL_BASE}${path}`, method, cookie, body);

describe("/api/customers", () => {
  it("answers 401 without a session, for every method", async () => {
    for (const [handler, request, params] of [
      [collectionLoader, call("GET", null), {}],
      [collectionAction, call("POST", null, { name: "X" }), {}],
      [itemLoader, call("GET", null, undefined, "/x"), { id: "x" }],
      [itemAction, call("PUT", null, { name: "X" }, "/x"), { id: "x" }],
      [itemAction, call("DELETE", null, undefined, "/x"), { id: "x" }],
    ] as const) {
      const response = await runRoute(handler, request, { params });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Not authenticated" });
    }
  });

  it("creates, lists, updates and deletes the account's customers", async () => {
    const { user, cookie } = await signedInAccount();
    const created = await runRoute(
      collectionAction,
      call("POST", cookie, { name: "Ana Ruiz", email: "ANA@Example.com", phone: "555-0100", city: "" }),
    );
    expect(created.status).toBe(201);
    const customer = await created.json();
    expect(customer).toMatchObject({ name: "Ana Ruiz", email: "ana@example.com", phone: "555-0100", city: null });
    expect(typeof customer.createdAt).toBe("string");
    // The documented fields (docs/product/customers.md), and not the account the customer belongs to.
    const fields = ["id", "name", "email", "phone", "address", "city", "state", "zipCode", "notes", "createdAt"];
    expect(Object.keys(customer).filter((key) => !fields.includes(key))).toEqual([]);

    const list = await runRoute(collectionLoader, call("GET", cookie));
    expect(list.headers.get("X-Total-Count")).toBe("1");
    const listed = await list.json();
    expect(listed.map((c: { name: string }) => c.name)).toEqual(["Ana Ruiz"]);
    expect(listed[0]).toEqual(customer);
    const read = await runRoute(itemLoader, call("GET", cookie, undefined, `/${customer.id}`), { params: { id: customer.id } });
    expect(await read.json()).toEqual(customer);

    const updated = await runRoute(
      itemAction,
      call("PUT", cookie, { name: "Ana Ruiz López", notes: "Gate code 1234" }, `/${customer.id}`),
      { params: { id: customer.id } },
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: "Ana Ruiz López", notes: "Gate code 1234", email: null });

    const deleted = await runRoute(itemAction, call("DELETE", cookie, undefined, `/${customer.id}`), {
      params: { id: customer.id },
    });
    expect(deleted.status).toBe(200);
    expect(await getCustomer(user.id, customer.id)).toBeUndefined();
  });

  it("rejects bad payloads with 400 { message, errors } and writes nothing", async () => {
    const { user, cookie } = await signedInAccount();
    const cases: [unknown, string][] = [
      [{}, "Name is required"],
      [{ name: "   " }, "Name is required"],
      [{ name: "A", email: "nope" }, "Invalid email"],
      [{ name: 42 }, "Expected text"],
      [{ name: "A", id: "abc" }, "Unrecognized field(s): id"],
      [{ name: "A", createdAt: "2020-01-01" }, "Unrecognized field(s): createdAt"],
      [{ name: "A", accountId: "someone" }, "Unrecognized field(s): accountId"],
      [{ name: "x".repeat(201) }, "This is too long"],
      ["{broken", "Request body is not valid JSON."],
      ["[]", "Request body must be a JSON object."],
    ];
    for (const [body, message] of cases) {
      const response = await runRoute(collectionAction, call("POST", cookie, body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message, JSON.stringify(body)).toBe(message);
    }
    const response = await runRoute(collectionAction, call("POST", cookie, { name: "A", email: "nope", phone: 5 }));
    expect((await response.json()).errors).toEqual([
      { path: "email", message: "Invalid email" },
      { path: "phone", message: "Expected text" },
    ]);
    expect((await listCustomers(user.id)).total).toBe(0);
  });

  it("answers 404 for another account's customer and changes nothing", async () => {
    const owner = await signedInAccount();
    const other = await signedInAccount();
    const created = await runRoute(collectionAction, call("POST", owner.cookie, { name: "Private Person" }));
    const { id } = await created.json();
    for (const [handler, request] of [
      [itemLoader, call("GET", other.cookie, undefined, `/${id}`)],
      [itemAction, call("PUT", other.cookie, { name: "Stolen" }, `/${id}`)],
      [itemAction, call("DELETE", other.cookie, undefined, `/${id}`)],
    ] as const) {
      const response = await runRoute(handler as never, request, { params: { id } });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
    expect((await getCustomer(owner.user.id, id))?.name).toBe("Private Person");
    expect((await runRoute(itemLoader, call("GET", owner.cookie, undefined, "/nope"), { params: { id: "nope" } })).status).toBe(
      404,
    );
  });

  it("refuses to delete a customer with jobs, with 409 and what is attached", async () => {
    const { user, cookie } = await signedInAccount();
    const { id } = await (await runRoute(collectionAction, call("POST", cookie, { name: "Has Jobs" }))).json();
    await createJob(await getDb(), user.id, { customerId: id });
    const response = await runRoute(itemAction, call("DELETE", cookie, undefined, `/${id}`), { params: { id } });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe("This customer has 1 job; delete or reassign them first.");
    expect(await getCustomer(user.id, id)).toBeTruthy();
  });
});
