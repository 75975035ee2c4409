// The customer columns of an import file, as TradeDesk's own export, Excel, Outlook, Google
// Contacts and QuickBooks name them, in English and Spanish (see app/lib/table-import.ts for
// how a header is compared: case, accents, spaces and punctuation are ignored).
import type { CUSTOMER_COLUMNS } from "./customer-schema";
import type { FieldTable } from "./table-import";

type CustomerColumn = (typeof CUSTOMER_COLUMNS)[number];

export const CUSTOMER_IMPORT_FIELDS: FieldTable<CustomerColumn> = {
  name: {
    aliases: [
      // QuickBooks: "Customer" is the name on invoices, "Full Name" the contact person's.
      "name", "customer", "customer name", "client", "client name", "display name", "full name", "contact", "contact name", "file as",
      "nombre", "cliente", "nombre del cliente", "nombre completo", "nombre para mostrar", "contacto",
    ],
    parts: [
      ["first name", "given name", "nombre", "nombre de pila", "primer nombre"],
      ["middle name", "additional name", "m.i.", "middle initial", "segundo nombre"],
      ["last name", "family name", "surname", "apellido", "apellidos", "primer apellido"],
      ["segundo apellido"],
    ],
    fallback: ["company", "company name", "organization", "organization name", "organization 1 - name", "business name", "empresa", "compañía", "organización", "nombre de la empresa"],
  },
  email: {
    aliases: [
      "email", "e-mail", "email address", "e-mail address", "main email", "primary email", "e-mail 1 - value", "e-mail 2 address", "e-mail 3 address", "e-mail 2 - value", "mail",
      "correo", "correo electrónico", "dirección de correo electrónico", "email principal", "correo electrónico 2",
    ],
  },
  phone: {
    aliases: [
      "phone", "phone number", "telephone", "mobile", "mobile phone", "cell", "cell phone", "main phone", "primary phone", "phone 1 - value", "phone numbers",
      "business phone", "home phone", "work phone", "company main phone", "other phone", "alt. phone", "phone 2 - value",
      "teléfono", "número de teléfono", "móvil", "teléfono móvil", "celular", "teléfono principal", "teléfono del trabajo", "teléfono particular", "teléfono de la compañía", "otro teléfono",
    ],
  },
  address: {
    aliases: [
      "address", "street", "street address", "address 1", "address line 1", "billing address", "billing street", "billing address line 1", "bill to 1",
      "home street", "business street", "other street", "address 1 - street", "shipping address", "address 1 - formatted",
      "dirección", "calle", "domicilio", "dirección de facturación", "calle del domicilio", "calle del trabajo", "otra calle",
    ],
  },
  city: {
    aliases: [
      "city", "town", "billing city", "billing address city", "home city", "business city", "other city", "address 1 - city",
      "ciudad", "población", "localidad", "municipio", "ciudad de residencia", "ciudad del domicilio", "ciudad del trabajo", "ciudad de trabajo",
    ],
  },
  state: {
    aliases: [
      "state", "province", "region", "state/province", "billing state", "billing address state", "home state", "business state", "other state", "address 1 - region",
      "estado", "provincia", "región", "estado o provincia", "provincia o estado del domicilio", "provincia o estado del trabajo", "provincia o estado de trabajo",
    ],
  },
  zipCode: {
    aliases: [
      "zipcode", "zip", "zip code", "postal code", "postcode", "billing zip", "billing postal code", "billing address postal code", "home postal code", "business postal code", "other postal code", "address 1 - postal code",
      "código postal", "cp", "c.p.", "código postal del domicilio", "código postal del trabajo",
    ],
  },
  notes: {
    aliases: ["notes", "note", "comments", "comment", "memo", "notas", "nota", "comentarios", "observaciones"],
  },
};

/** A contact app may put several values in one cell ("a@x.com ::: b@y.com", Google Contacts): the first. */
export function firstListed(value: string | undefined): string | undefined {
  return value?.split(" ::: ")[0].trim();
}
