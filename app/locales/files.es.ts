// Spanish strings of photos and files.
import type { Dictionary } from "./en";

const filesEs: Dictionary["files"] = {
  invalidKind: "Este tipo de archivo no se puede añadir. Añada archivos {{kinds}}.",
  tooLarge: "Cada archivo puede tener como máximo {{limit}} MB.",
  tooMany: "Añada como máximo {{limit}} archivos a la vez.",
  unreadable: "No se pudo leer «{{name}}» como foto. Pruebe con otra copia.",
  tooManyPixels: "«{{name}}» es una foto demasiado grande (más de {{limit}} megapíxeles).",
  quota: "Su cuenta no tiene espacio para estos archivos: {{used}} de {{limit}} usados. Elimine algunos archivos primero.",
  noneChosen: "Elija al menos una foto o un archivo.",
  uploadFailed: "No se pudieron guardar los archivos. Inténtelo de nuevo.",
  requestTooMany: "Añada como máximo {{limit}} fotos.",
  onlyPhotos: "Aquí solo se pueden añadir fotos ({{kinds}}).",
  captionTooLong: "El pie de foto debe tener menos de {{max}} caracteres.",
};

export default filesEs;
