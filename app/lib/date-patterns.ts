// Each language writes dates in its own order: English "Nov 24, 2026" and
// "Saturday, November 21"; Spanish "24 nov 2026" and "sábado, 21 de noviembre". Times too:
// English "10:30 AM", Spanish "10:30 a.m.". Code asks for
// the English pattern (docs/product/README.md, "Dates, times and the time zone"); this gives the pattern of the language.

const SPANISH: Record<string, string> = {
  "MMM dd, yyyy": "d MMM yyyy",
  "MMM d, yyyy": "d MMM yyyy",
  "MMM d": "d MMM",
  "EEE, MMM d": "EEE, d MMM",
  "EEEE, MMMM d": "EEEE, d 'de' MMMM",
  "MMMM d": "d 'de' MMMM",
  "MMMM d, yyyy": "d 'de' MMMM 'de' yyyy",
  // "10:30 a.m.", as Intl's es-US writes it (the share pages' moments); date-fns' "a" would print "AM".
  "h:mm a": "h:mm aaaa",
};

/** The date-fns pattern for `language` of an English one (patterns without a day, like "MMM yy", are the same). */
export function datePattern(english: string, language: string): string {
  return language === "es" ? (SPANISH[english] ?? english) : english;
}
