/** The text with its accents taken off ("Día" → "Dia", "galón" → "galon"), for matching words typed either way. */
export function withoutAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}
