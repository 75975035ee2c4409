// A first guess at a new account's time zone from what the request says, for the sign-up
// form without JavaScript (with JavaScript the browser tells its own zone). The region of
// the first Accept-Language tag that has one picks the zone most of that country lives in;
// anything else is UTC, the zone an account without one is in (docs/decisions/012-one-clock.md).
import { isValidTimeZone } from "./clock";

/** The zone most people of a region (ISO 3166 code) live in, for the regions TradeDesk's languages are spoken in. */
const REGION_ZONES: Record<string, string> = {
  US: "America/New_York",
  CA: "America/Toronto",
  MX: "America/Mexico_City",
  PR: "America/Puerto_Rico",
  GT: "America/Guatemala",
  SV: "America/El_Salvador",
  HN: "America/Tegucigalpa",
  NI: "America/Managua",
  CR: "America/Costa_Rica",
  PA: "America/Panama",
  CU: "America/Havana",
  DO: "America/Santo_Domingo",
  CO: "America/Bogota",
  VE: "America/Caracas",
  EC: "America/Guayaquil",
  PE: "America/Lima",
  BO: "America/La_Paz",
  CL: "America/Santiago",
  AR: "America/Argentina/Buenos_Aires",
  UY: "America/Montevideo",
  PY: "America/Asuncion",
  ES: "Europe/Madrid",
  GB: "Europe/London",
  IE: "Europe/Dublin",
  AU: "Australia/Sydney",
  NZ: "Pacific/Auckland",
};

/** The likely zone of the sender of an Accept-Language header ("es-MX,es;q=0.9" is America/Mexico_City); UTC when it cannot tell. */
export function guessTimeZone(acceptLanguage: string | null | undefined): string {
  const tags = (acceptLanguage ?? "")
    .split(",")
    .slice(0, 20)
    .map((part) => part.split(";")[0].trim());
  for (const tag of tags) {
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})$/i.exec(tag)?.[1]?.toUpperCase();
    const zone = region ? REGION_ZONES[region] : undefined;
    if (zone && isValidTimeZone(zone)) return zone;
  }
  return "UTC";
}
