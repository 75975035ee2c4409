// English strings of photos and files on jobs, estimates, invoices, appointments and work
// requests (docs/product/files.md).
const filesEn = {
  invalidKind: "This kind of file can't be added. Add {{kinds}} files.",
  tooLarge: "Each file can be at most {{limit}} MB.",
  tooMany: "Add at most {{limit}} files at a time.",
  unreadable: "“{{name}}” could not be read as a photo. Try another copy of it.",
  tooManyPixels: "“{{name}}” is too large a photo (over {{limit}} megapixels).",
  quota: "Your account has no room for these files: {{used}} of {{limit}} used. Delete some files first.",
  noneChosen: "Choose at least one photo or file.",
  uploadFailed: "The files could not be saved. Please try again.",
  requestTooMany: "Add at most {{limit}} photos.",
  onlyPhotos: "Only photos can be added here ({{kinds}}).",
  captionTooLong: "Keep the caption under {{max}} characters.",
} as const;

export default filesEn;
