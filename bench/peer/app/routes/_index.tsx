import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { firstPage } from "../db.server";

export const meta: MetaFunction = () => [{ title: "Customers" }];

export async function loader() {
  return firstPage();
}

export default function Customers() {
  const { items, total } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Customers</h1>
      <p>
        1–{items.length} of {total}
      </p>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Contact</th>
            <th>Location</th>
            <th>Notes</th>
          </tr>
        </thead>
        <tbody>
          {items.map((customer) => (
            <tr key={customer.id}>
              <td>{customer.name}</td>
              <td>
                {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : null}
                {customer.phone ? (
                  <div>
                    <a href={`tel:${customer.phone}`}>{customer.phone}</a> <a href={`sms:${customer.phone}`}>SMS</a>
                  </div>
                ) : null}
              </td>
              <td>
                {customer.address ? <div>{customer.address}</div> : null}
                <div>
                  {[customer.city, [customer.state, customer.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
                </div>
              </td>
              <td>{customer.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
