import type securityEn from "./security.en";

/** The same keys as English, every one of them translated. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

const securityEs: Strings<typeof securityEn> = {
  title: "Seguridad",
  subtitle: "Su contraseña y los dispositivos con la sesión iniciada en su cuenta.",
  backToSettings: "Volver a configuración",
  password: {
    title: "Cambiar contraseña",
    description:
      "Escriba su contraseña actual y luego la nueva dos veces. Al cambiarla se cierra la sesión en todos los demás dispositivos.",
    current: "Contraseña actual",
    new: "Nueva contraseña",
    confirm: "Confirmar nueva contraseña",
    hint: "Al menos 6 caracteres",
    submit: "Cambiar contraseña",
    submitting: "Cambiando...",
  },
  currentRequired: "La contraseña actual es obligatoria",
  currentWrong: "La contraseña actual no es correcta",
  newRequired: "La nueva contraseña es obligatoria",
  confirmRequired: "Confirme la nueva contraseña",
  tooLong: "Las contraseñas tienen como máximo 1000 caracteres",
  changed: "Contraseña cambiada",
  changedBody: "Su nueva contraseña se guardó y se cerró la sesión en todos los demás dispositivos.",
  changeFailed: "No se cambió la contraseña",
  sessions: {
    title: "Dispositivos",
    description: "Navegadores y dispositivos con la sesión iniciada, además de este.",
    others: "Otros dispositivos con la sesión iniciada: {{count}}",
    submit: "Cerrar sesión en todos los demás dispositivos",
    submitting: "Cerrando sesiones...",
  },
  delete: {
    title: "Eliminar la cuenta",
    description:
      "Elimina su cuenta y todo lo que contiene: clientes, trabajos, presupuestos, facturas y sus pagos, la agenda, la lista de precios, las facturas recurrentes, las notificaciones, la configuración y las copias de seguridad. Los enlaces que compartió con sus clientes dejan de funcionar. No se puede deshacer.",
    exportFirst: "Descargue sus datos antes",
    password: "Su contraseña",
    understand: "Entiendo que mi cuenta y todos sus datos se eliminarán para siempre",
    submit: "Eliminar mi cuenta",
    submitting: "Eliminando...",
    passwordRequired: "Escriba su contraseña para eliminar la cuenta",
    understandRequired: "Marque la casilla para confirmar",
    failed: "La cuenta no se eliminó",
    done: "Cuenta eliminada",
    doneBody: "Su cuenta y todos sus datos se eliminaron. Gracias por usar TradeDesk.",
  },
  othersEnded: "Sesiones cerradas en otros dispositivos",
  othersEndedBody: "Sesiones cerradas: {{count}}. Este dispositivo sigue con la sesión iniciada.",
  tooManyTitle: "Demasiados intentos",
  tooManyAttempts: "Demasiados intentos de inicio de sesión para este correo. Espere {{minutes}} minuto(s) e inténtelo de nuevo.",
  tooManyAttemptsShort: "Demasiados intentos de inicio de sesión para este correo. Espere unos minutos e inténtelo de nuevo.",
};

export default securityEs;
