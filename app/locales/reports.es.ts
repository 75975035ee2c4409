import type reportsEn from "./reports.en";

/** The same keys as English, every one of them translated. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

const reportsEs: Strings<typeof reportsEn> = {
  title: "Informes del negocio",
  period: "Del {{from}} al {{to}}",
  range: {
    label: "Periodo",
    last7: "Últimos 7 días",
    last30: "Últimos 30 días",
    last90: "Últimos 90 días",
    last365: "Último año",
    apply: "Mostrar",
  },
  exportJson: "Exportar informe",
  exportCsv: "Exportar CSV",
  cards: {
    totalRevenue: "Ingresos totales",
    totalRevenueHint: "Pagos recibidos en este periodo",
    pendingRevenue: "Ingresos pendientes",
    pendingRevenueHint: "De presupuestos pendientes",
    activeJobs: "Trabajos activos",
    activeJobsHint: "{{completed}} completados",
    totalCustomers: "Total de clientes",
    totalCustomersHint: "Añadidos en este periodo",
  },
  jobStatus: {
    title: "Resumen del estado de los trabajos",
    completed: "Trabajos completados",
    inProgress: "En curso",
    pending: "Trabajos pendientes",
  },
  documents: {
    title: "Presupuestos y facturas",
    totalEstimates: "Total de presupuestos",
    approvedEstimates: "Presupuestos aprobados",
    totalInvoices: "Total de facturas",
    paidInvoices: "Facturas pagadas",
  },
  insights: {
    title: "Indicadores del negocio",
    averageInvoice: "Valor medio de factura",
    averageInvoiceHint: "Ingresos cobrados divididos entre todas las facturas",
    jobsPerCustomer: "Trabajos por cliente",
    jobsPerCustomerHint: "Trabajos divididos entre los clientes añadidos en este periodo",
    approvalRate: "Tasa de aprobación de presupuestos",
    approvalRateHint: "Presupuestos aprobados sobre el total de presupuestos",
  },
  chart: {
    title: "Ingresos",
    week: "Dinero cobrado por semana",
    month: "Dinero cobrado por mes",
    weekOf: "Semana del {{date}}",
    period: "Periodo",
    revenue: "Cobrado",
    payments: "Pagos",
    empty: "No se recibió ningún pago en este periodo.",
  },
  aging: {
    title: "Facturas pendientes por antigüedad",
    description:
      "Lo que se debe a día de hoy (una factura pagada en parte cuenta por su saldo), según cuánto ha pasado de la fecha de vencimiento.",
    age: "Antigüedad",
    count: "Facturas",
    amount: "Importe",
    total: "Total pendiente",
    current: "Al día (aún no vencidas)",
    days1to30: "1-30 días vencidas",
    days31to60: "31-60 días vencidas",
    days61to90: "61-90 días vencidas",
    over90: "Más de 90 días vencidas",
  },
  collected: {
    title: "Pagos por forma de pago",
    last30Days: "Cobrado en los últimos 30 días",
    total: "Total cobrado",
    count_one: "{{count}} pago",
    count_other: "{{count}} pagos",
    methods: {
      card: "Tarjeta",
      cash: "Efectivo",
      check: "Cheque",
      bank_transfer: "Transferencia bancaria",
      other: "Otro",
    },
  },
};

export default reportsEs;
