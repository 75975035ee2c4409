import type reportsEn from "./reports.en";

/** The same keys as English, every one of them translated. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

const reportsEs: Strings<typeof reportsEn> = {
  title: "Informes del negocio",
  subtitle: "Cómo le fue al negocio en el periodo elegido.",
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
    totalRevenueHint: "De facturas pagadas en este periodo",
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
    week: "Facturas pagadas por semana",
    month: "Facturas pagadas por mes",
    weekOf: "Semana del {{date}}",
    period: "Periodo",
    revenue: "Ingresos",
    invoices: "Facturas pagadas",
    empty: "No se pagó ninguna factura en este periodo.",
  },
  aging: {
    title: "Facturas pendientes por antigüedad",
    description: "Facturas sin pagar a día de hoy, según cuánto han pasado de su fecha de vencimiento.",
    age: "Antigüedad",
    count: "Facturas",
    amount: "Importe",
    total: "Total pendiente",
    current: "Al día (aún no vencidas)",
    days1to30: "1-30 días vencidas",
    days31to60: "31-60 días vencidas",
    over60: "Más de 60 días vencidas",
  },
};

export default reportsEs;
