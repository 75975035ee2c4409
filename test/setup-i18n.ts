// The server registers both dictionaries (and Spanish dates) when it starts, through the root
// route; a test that imports a module alone gets the same.
import "~/infrastructure/i18n.server";
