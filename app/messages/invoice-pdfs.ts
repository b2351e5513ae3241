// Texts of the invoice and credit note PDFs (app/services/invoice-pdf.server.ts,
// credit-note-pdf.server.ts and their shared layout, pdf-layout.server.ts). The services draw;
// the words are here. Amounts and dates come in formatted.

/** The seller block and footer both PDFs share. */
export const pdfLayoutTexts = {
  businessId: "Y-tunnus",
  vatNumber: "ALV-tunniste",
} as const;

/** The service line table, the totals and the household deduction's work share (invoice and receipt). */
export const serviceLineTexts = {
  description: "Kuvaus",
  quantity: "Määrä",
  unitPrice: "À-hinta\n(alv 0 %)",
  vat: "Alv",
  lineTotal: "Yhteensä\n(alv 0 %)",
  hours: (hours: number) => `${hours} h`,
  discount: "Alennus",
  taxBase: "Veron peruste (alv 0 %)",
  vatAmount: (vatRate: string) => `Arvonlisävero ${vatRate}`,
  beforeDiscount: (lineGross: string, discountGross: string) =>
    `Hinta ennen alennusta ${lineGross} (sis. alv), alennus ${discountGross} (sis. alv).`,
  workShare: (workShare: string, vatRate: string) => `Kotitalousvähennykseen oikeuttava työn osuus: ${workShare} (sis. alv ${vatRate})`,
} as const;

export const invoicePdfTexts = {
  /** The file name the invoice is attached and downloaded under. */
  fileName: (invoiceNumber: number) => `lasku-${invoiceNumber}.pdf`,
  title: (invoiceNumber: number) => `Lasku ${invoiceNumber}`,
  subject: (serviceName: string, orderNumber: string) => `${serviceName}, tilaus ${orderNumber}`,
  heading: "LASKU",
  // The facts in the right column.
  invoiceNumber: "Laskun numero",
  issueDate: "Laskun päivämäärä",
  dueDate: "Eräpäivä",
  paymentTermLabel: "Maksuehto",
  paymentTerm: "14 päivää netto",
  referenceNumber: "Viitenumero",
  orderNumber: "Tilausnumero",
  lateInterestLabel: "Viivästyskorko",
  lateInterest: "korkolain mukaan",
  // The parties.
  buyer: "LASKUTETTAVA",
  recipient: "PALVELUN SAAJA",
  phone: (phone: string) => `puh. ${phone}`,
  ...serviceLineTexts,
  when: (when: string) => `Ajankohta: ${when}`,
  place: (place: string) => `Paikka: ${place}`,
  /** The discount line with its code, when the order had one. */
  discountWithCode: (code: string) => `Alennus (koodi ${code})`,
  /** Under the service line: who did the work. */
  caregiver: (name: string | null) => (name ? `Kaveri: ${name}` : "Kaveri: Arkikaverin valitsema"),
  total: "Maksettava yhteensä",
  workShareNote:
    "Koko laskun summa on työtä: laskussa ei ole matka- eikä tarvikekuluja. Kotitalousvähennys lasketaan maksetusta työn osuudesta sen vuoden verotuksessa, jona lasku maksetaan.",
  // The payment box.
  paymentDetails: "Maksutiedot",
  iban: "Saajan tilinumero (IBAN)",
  bic: "BIC",
  payee: "Saaja",
  euros: "Euroa",
  virtualBarcode: "Virtuaaliviivakoodi",
} as const;

export const creditNotePdfTexts = {
  fileName: (creditNoteNumber: number) => `hyvityslasku-${creditNoteNumber}.pdf`,
  title: (creditNoteNumber: number) => `Hyvityslasku ${creditNoteNumber}`,
  subject: (invoiceNumber: number, orderNumber: string) => `Hyvitys laskulle ${invoiceNumber}, tilaus ${orderNumber}`,
  heading: "HYVITYSLASKU",
  // The facts in the right column.
  creditNoteNumber: "Hyvityslaskun numero",
  issueDate: "Päivämäärä",
  invoiceNumber: "Hyvitettävä lasku",
  invoiceDate: "Laskun päivämäärä",
  invoiceReference: "Laskun viitenumero",
  orderNumber: "Tilausnumero",
  buyer: "ASIAKAS",
  // The credited line.
  description: "Kuvaus",
  vat: "Alv",
  lineTotal: "Yhteensä (alv 0 %)",
  line: (serviceName: string) => `Hyvitys: ${serviceName}`,
  cancelledVisit: (when: string) => `Peruutettu käynti ${when}`,
  // The totals.
  taxBase: "Veron peruste (alv 0 %)",
  vatAmount: (vatRate: string) => `Arvonlisävero ${vatRate}`,
  total: "Hyvitys yhteensä",
  /** What is left of the invoice: the late cancellation's fee, or nothing. */
  leftToPay: (invoiceNumber: number, credited: string, leftToPay: string, reference: string) =>
    `Tämä hyvityslasku hyvittää laskusta ${invoiceNumber} ${credited}. Maksettavaksi jää peruutusmaksu ${leftToPay} laskun ${invoiceNumber} viitenumerolla ${reference}.`,
  nothingToPay: (invoiceNumber: number) => `Tämä hyvityslasku hyvittää laskun ${invoiceNumber} kokonaan. Laskua ei tarvitse maksaa.`,
  /** A visit's line of a monthly series invoice (decision 0044): the invoice's other visits stay to be paid. */
  lineLeftToPay: (invoiceNumber: number, orderNumber: string, credited: string, leftToPay: string, reference: string) =>
    `Tämä hyvityslasku hyvittää kuukausilaskun ${invoiceNumber} käynnin ${orderNumber} rivistä ${credited}. Käynnin peruutusmaksu ${leftToPay} maksetaan kuukausilaskun ${invoiceNumber} viitenumerolla ${reference}.`,
  lineNothingToPay: (invoiceNumber: number, orderNumber: string) =>
    `Tämä hyvityslasku hyvittää kuukausilaskun ${invoiceNumber} käynnin ${orderNumber} rivin kokonaan. Käynnistä ei tarvitse maksaa; laskun muut käynnit maksetaan laskun mukaisesti.`,
} as const;

export const receiptPdfTexts = {
  /** The file name the receipt is attached and downloaded under. */
  fileName: (receiptNumber: number) => `kuitti-${receiptNumber}.pdf`,
  title: (receiptNumber: number) => `Kuitti ${receiptNumber}`,
  subject: (serviceName: string, orderNumber: string) => `${serviceName}, tilaus ${orderNumber}`,
  heading: "KUITTI",
  // The facts in the right column.
  receiptNumber: "Kuitin numero",
  paymentDate: "Maksupäivä",
  paymentMethod: "Maksutapa",
  orderNumber: "Tilausnumero",
  methods: { card: "Kortti", mobilepay: "MobilePay", klarna: "Klarna" } as Record<string, string>,
  onlinePayment: "Verkkomaksu",
  buyer: "MAKSAJA",
  total: "Maksettu yhteensä",
  paid: (date: string, method: string, amount: string) => `Maksettu ${date} (${method}): ${amount}. Tämä kuitti ei ole lasku, eikä sitä tarvitse maksaa.`,
  workShareNote:
    "Koko summa on työtä: siinä ei ole matka- eikä tarvikekuluja. Kotitalousvähennys lasketaan maksetusta työn osuudesta sen vuoden verotuksessa, jona maksu on tehty.",
} as const;
