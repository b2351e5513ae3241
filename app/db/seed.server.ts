import { sql, type Transaction } from "kysely";
import type { DB } from "../db.server";
import type {
  CaregiverStatus,
  Database,
  OrderStatus,
  PaymentMethodName,
  PaymentStatus,
  StaffRole,
} from "./schema";
import { addCalendarDays, bookingInterval, helsinkiHour, helsinkiToday, type BookingInterval } from "../domain/booking-window";
import { discountAmountCents } from "../domain/discount";
import { priceOrder } from "../domain/order-amounts";
import type { PriceBand } from "../domain/pricing";
import { insertDiscountRedemption } from "../models/discount-codes.server";
import { insertSeries } from "../models/order-series.server";
import { findOrderIdByNumber, insertOrder, insertOrderPayment, type CustomerContact } from "../models/orders.server";
import { announceServiceCategoriesChanged, forgetCachedServiceCategories } from "../models/service-categories.server";
import { forgetCachedSettings, getPriceBands, insertMissingSettings } from "../models/settings.server";
import { createInvoiceForOrder } from "../services/invoices.server";
import { issueReceipt } from "../services/receipts.server";
import { hashPassword } from "../services/password.server";

// Demo data for trying the service and for the e2e tests. Idempotent: every row is keyed by a
// unique column (slug, lower(email), upper(code), order number) and left alone when it exists,
// so `npm run db:seed` can run any number of times and never overwrites what people changed.
// Everything happens in one transaction on one connection (PGlite has only one).

export const DEMO_PASSWORD = "Arkikaveri2026";


type Trx = Transaction<Database>;

// ---------------------------------------------------------------- service categories

export const DEMO_SERVICE_CATEGORIES = [
  {
    slug: "errands",
    name: "Asiointiapu",
    description: "Apua kauppa-, pankki- ja postiasioissa. Kaveri lähtee mukaan tai hoitaa asiat puolestasi.",
    icon: "ShoppingCart",
  },
  {
    slug: "companionship",
    name: "Juttuseura ja seurustelu",
    description: "Aikaa yhdessä: keskustelua, kahvihetkiä, lukemista, pelejä ja muistelua kotona tai kylässä.",
    icon: "Heart",
  },
  {
    slug: "light_cleaning",
    name: "Kevyt kotiapu",
    description: "Pienet kotityöt, kevyt siivous ja pyykit, jotta arki kotona sujuu helpommin.",
    icon: "Home",
  },
  {
    slug: "outdoor_walks",
    name: "Ulkoiluseura",
    description: "Turvallinen seura kävelylenkeille, puistoon tai vaikkapa torille raittiiseen ilmaan.",
    icon: "Sun",
  },
  {
    slug: "digital_help",
    name: "Digikaveri",
    description: "Apua puhelimen, tabletin ja tietokoneen kanssa: videopuhelut, sähköposti, verkkopankki ja musiikki.",
    icon: "Laptop",
  },
  {
    slug: "yard_work",
    name: "Kevyet pihatyöt",
    description: "Haravointia, lumitöitä ja muita kevyitä pihatöitä omakotitalon tai mökin pihalla.",
    icon: "Leaf",
  },
] as const;

type CategorySlug = (typeof DEMO_SERVICE_CATEGORIES)[number]["slug"];

// ---------------------------------------------------------------- people

export const DEMO_ACCOUNTS = {
  admin: "admin@arkikaveri.test",
  moderator: "moderaattori@arkikaveri.test",
  support: "tuki@arkikaveri.test",
  customer: "asiakas@arkikaveri.test",
  caregiver: "kaveri@arkikaveri.test",
} as const;

const STAFF: { email: string; fullName: string; phone: string; role: StaffRole }[] = [
  { email: DEMO_ACCOUNTS.admin, fullName: "Aino Ylläpitäjä", phone: "+358401230001", role: "admin" },
  { email: DEMO_ACCOUNTS.moderator, fullName: "Mervi Valvoja", phone: "+358401230002", role: "moderator" },
  { email: DEMO_ACCOUNTS.support, fullName: "Tuomas Tukinen", phone: "+358401230003", role: "support" },
];

/** A demo customer's details, as a booking stores them. */
type DemoCustomer = CustomerContact;

const CUSTOMERS: DemoCustomer[] = [
  {
    email: DEMO_ACCOUNTS.customer,
    fullName: "Helmi Virtanen",
    phone: "+358401234001",
    address: "Runeberginkatu 15 A 4",
    postalCode: "00100",
    city: "Helsinki",
  },
  {
    email: "eino.laaksonen@example.fi",
    fullName: "Eino Laaksonen",
    phone: "+358501234002",
    address: "Tapiontori 3 B 12",
    postalCode: "02100",
    city: "Espoo",
  },
  {
    email: "sirkka.hamalainen@example.fi",
    fullName: "Sirkka Hämäläinen",
    phone: "+358401234003",
    address: "Hämeenkatu 20 C 8",
    postalCode: "33200",
    city: "Tampere",
  },
  {
    email: "pentti.salonen@example.fi",
    fullName: "Pentti Salonen",
    phone: "0451234004",
    address: "Aurakatu 9 A 2",
    postalCode: "20100",
    city: "Turku",
  },
  {
    email: "leena.koskinen@example.fi",
    fullName: "Leena Koskinen",
    phone: "+358441234005",
    address: "Tikkurilantie 44 A 6",
    postalCode: "01300",
    city: "Vantaa",
  },
  // Customers in the towns of the helpers who work outside the capital region and Tampere and
  // Turku (Oulu, Jyväskylä, and Lahti for the applicant there): every demo helper serves a town
  // where some demo customer books (tests/integration/seed.test.ts).
  {
    email: "raili.heikkinen@example.fi",
    fullName: "Raili Heikkinen",
    phone: "+358401234006",
    address: "Isokatu 30 B 5",
    postalCode: "90100",
    city: "Oulu",
  },
  {
    email: "veikko.makela@example.fi",
    fullName: "Veikko Mäkelä",
    phone: "0401234007",
    address: "Kauppakatu 12 A 3",
    postalCode: "40100",
    city: "Jyväskylä",
  },
  {
    email: "aune.laine@example.fi",
    fullName: "Aune Laine",
    phone: "+358441234008",
    address: "Aleksanterinkatu 8 C 14",
    postalCode: "15110",
    city: "Lahti",
  },
];

interface DemoCaregiver {
  email: string;
  fullName: string;
  phone: string;
  city: string;
  /** Other cities the helper visits (DESIGN.md decision 17). */
  serviceCities: string[];
  postalCode: string;
  location: string;
  bio: string;
  status: CaregiverStatus;
  rating: number | null;
  totalOrders: number;
  /** Language ids of the helper registration form: suomi, ruotsi, englanti, muu. */
  languages: string[];
  services: CategorySlug[];
  dateOfBirth: string;
  hasDriversLicense: boolean;
  hasCar: boolean;
  radiusKm: number;
}

const CAREGIVERS: DemoCaregiver[] = [
  {
    email: DEMO_ACCOUNTS.caregiver,
    fullName: "Elina Mäkinen",
    phone: "+358401235001",
    city: "Helsinki",
    serviceCities: ["Espoo", "Vantaa"],
    postalCode: "00530",
    location: "Kallio",
    bio: "Olen sosionomiopiskelija ja olen työskennellyt kesät palvelutalossa. Lähden mielelläni kauppaan, kävelylle tai kahville juttelemaan.",
    status: "approved",
    rating: 4.8,
    totalOrders: 57,
    languages: ["suomi", "englanti"],
    services: ["errands", "companionship", "light_cleaning", "outdoor_walks"],
    dateOfBirth: "2001-04-17",
    hasDriversLicense: true,
    hasCar: false,
    radiusKm: 15,
  },
  {
    email: "matti.korhonen@example.fi",
    fullName: "Matti Korhonen",
    phone: "+358401235002",
    city: "Helsinki",
    serviceCities: ["Espoo"],
    postalCode: "00250",
    location: "Töölö",
    bio: "Eläkkeellä oleva äidinkielen opettaja, joka nauttii hyvistä keskusteluista ja pitkistä kävelylenkeistä. Autan mielelläni myös puhelimen ja tabletin kanssa.",
    status: "approved",
    rating: 4.9,
    totalOrders: 112,
    languages: ["suomi", "ruotsi"],
    services: ["companionship", "outdoor_walks", "digital_help"],
    dateOfBirth: "1956-09-02",
    hasDriversLicense: true,
    hasCar: true,
    radiusKm: 20,
  },
  {
    email: "sanna.nieminen@example.fi",
    fullName: "Sanna Nieminen",
    phone: "+358401235003",
    city: "Helsinki",
    serviceCities: ["Vantaa"],
    postalCode: "00810",
    location: "Herttoniemi",
    bio: "Lähihoitaja ja kahden lapsen äiti. Hoidan kauppa-asiat ja pienet kotityöt rauhallisesti ja huolella.",
    status: "approved",
    rating: 4.6,
    totalOrders: 38,
    languages: ["suomi"],
    services: ["errands", "light_cleaning", "companionship"],
    dateOfBirth: "1987-02-23",
    hasDriversLicense: true,
    hasCar: true,
    radiusKm: 25,
  },
  {
    email: "aleksi.heikkinen@example.fi",
    fullName: "Aleksi Heikkinen",
    phone: "+358401235004",
    city: "Espoo",
    serviceCities: ["Helsinki", "Kauniainen"],
    postalCode: "02150",
    location: "Otaniemi",
    bio: "Tietotekniikan opiskelija, joka neuvoo kärsivällisesti puhelimen, tabletin ja tietokoneen käytössä. Syksyllä haravoin ja talvella teen lumityöt.",
    status: "approved",
    rating: 4.7,
    totalOrders: 45,
    languages: ["suomi", "englanti"],
    services: ["digital_help", "errands", "yard_work"],
    dateOfBirth: "2002-11-05",
    hasDriversLicense: false,
    hasCar: false,
    radiusKm: 10,
  },
  {
    email: "liisa.jarvinen@example.fi",
    fullName: "Liisa Järvinen",
    phone: "+358401235005",
    city: "Espoo",
    serviceCities: [],
    postalCode: "02600",
    location: "Leppävaara",
    bio: "Olen juuri jäänyt eläkkeelle kirjastosta ja haluan olla avuksi. Luen ääneen, juttelen ja autan kevyissä kotitöissä.",
    status: "approved",
    rating: 3.8,
    totalOrders: 12,
    languages: ["suomi"],
    services: ["light_cleaning", "companionship"],
    dateOfBirth: "1958-06-30",
    hasDriversLicense: true,
    hasCar: false,
    radiusKm: 8,
  },
  {
    email: "juha.lehtonen@example.fi",
    fullName: "Juha Lehtonen",
    phone: "+358401235006",
    city: "Vantaa",
    serviceCities: ["Helsinki", "Kerava"],
    postalCode: "01300",
    location: "Tikkurila",
    bio: "Entinen kiinteistönhoitaja, jolle pihatyöt ja lumenluonti ovat tuttuja. Lähden myös mielelläni ulkoilemaan tai asioille autolla.",
    status: "approved",
    rating: 4.3,
    totalOrders: 29,
    languages: ["suomi"],
    services: ["yard_work", "outdoor_walks", "errands"],
    dateOfBirth: "1961-03-14",
    hasDriversLicense: true,
    hasCar: true,
    radiusKm: 30,
  },
  {
    email: "anna-maija.saarinen@example.fi",
    fullName: "Anna-Maija Saarinen",
    phone: "+358401235007",
    city: "Tampere",
    serviceCities: ["Pirkkala"],
    postalCode: "33500",
    location: "Kaleva",
    bio: "Sairaanhoitajaopiskelija, joka on kasvanut isovanhempiensa lähellä. Seurustelu, ulkoilu ja kotiaskareet sujuvat iloisella mielellä.",
    status: "approved",
    rating: 4.5,
    totalOrders: 63,
    languages: ["suomi", "englanti"],
    services: ["companionship", "light_cleaning", "outdoor_walks"],
    dateOfBirth: "1999-08-09",
    hasDriversLicense: true,
    hasCar: false,
    radiusKm: 12,
  },
  {
    email: "ville.mattila@example.fi",
    fullName: "Ville Mattila",
    phone: "+358401235008",
    city: "Tampere",
    serviceCities: [],
    postalCode: "33100",
    location: "Keskusta",
    bio: "Opiskelen datanomiksi ja autan digiasioissa: sovellukset, videopuhelut ja verkkopankki tulevat tutuiksi yhdessä.",
    status: "approved",
    rating: 3.6,
    totalOrders: 7,
    languages: ["suomi", "englanti"],
    services: ["digital_help", "errands"],
    dateOfBirth: "2003-01-21",
    hasDriversLicense: false,
    hasCar: false,
    radiusKm: 10,
  },
  {
    email: "kaarina.lindholm@example.fi",
    fullName: "Kaarina Lindholm",
    phone: "+358401235009",
    city: "Turku",
    serviceCities: ["Kaarina", "Raisio"],
    postalCode: "20100",
    location: "Keskusta",
    bio: "Kaksikielinen eläkeläinen, joka rakastaa kahvihetkiä ja hyviä tarinoita. Talar gärna svenska.",
    status: "approved",
    rating: 5.0,
    totalOrders: 24,
    languages: ["suomi", "ruotsi"],
    services: ["companionship", "errands"],
    dateOfBirth: "1953-12-01",
    hasDriversLicense: true,
    hasCar: true,
    radiusKm: 15,
  },
  {
    email: "petri.rantanen@example.fi",
    fullName: "Petri Rantanen",
    phone: "+358401235010",
    city: "Turku",
    serviceCities: [],
    postalCode: "20700",
    location: "Nummi",
    bio: "Liikunnanohjaaja, joka lähtee mielellään reippaalle kävelylle. Hoidan myös haravoinnit ja lumityöt.",
    status: "approved",
    rating: 4.1,
    totalOrders: 18,
    languages: ["suomi"],
    services: ["yard_work", "outdoor_walks"],
    dateOfBirth: "1990-05-28",
    hasDriversLicense: true,
    hasCar: true,
    radiusKm: 20,
  },
  {
    email: "tiina.karjalainen@example.fi",
    fullName: "Tiina Karjalainen",
    phone: "+358401235011",
    city: "Oulu",
    serviceCities: ["Kempele"],
    postalCode: "90100",
    location: "Keskusta",
    bio: "Kodinhoitaja, jolla on pitkä kokemus ikäihmisten arjen tukemisesta. Siivous, pyykit ja kauppareissut hoituvat sovitusti.",
    status: "approved",
    rating: 4.4,
    totalOrders: 31,
    languages: ["suomi"],
    services: ["light_cleaning", "errands", "companionship"],
    dateOfBirth: "1979-10-12",
    hasDriversLicense: true,
    hasCar: true,
    radiusKm: 25,
  },
  {
    email: "olli.hiltunen@example.fi",
    fullName: "Olli Hiltunen",
    phone: "+358401235012",
    city: "Jyväskylä",
    serviceCities: [],
    postalCode: "40100",
    location: "Kortepohja",
    bio: "Yliopisto-opiskelija, joka auttaa puhelimen ja tietokoneen kanssa ja lähtee mukaan kävelylle.",
    status: "approved",
    rating: 3.5,
    totalOrders: 4,
    languages: ["suomi", "englanti"],
    services: ["digital_help", "outdoor_walks"],
    dateOfBirth: "2004-07-19",
    hasDriversLicense: false,
    hasCar: false,
    radiusKm: 10,
  },
  // Applicants waiting for review.
  {
    email: "emilia.koivisto@example.fi",
    fullName: "Emilia Koivisto",
    phone: "+358401236001",
    city: "Helsinki",
    serviceCities: [],
    postalCode: "00920",
    location: "Itäkeskus",
    bio: "Opiskelen geronomiksi ja haluan tehdä ikäihmisten arjesta mukavampaa. Olen luotettava ja pidän ulkoilusta.",
    status: "pending",
    rating: null,
    totalOrders: 0,
    languages: ["suomi", "englanti"],
    services: ["companionship", "outdoor_walks"],
    dateOfBirth: "2000-02-11",
    hasDriversLicense: true,
    hasCar: false,
    radiusKm: 15,
  },
  {
    email: "harri.turunen@example.fi",
    fullName: "Harri Turunen",
    phone: "+358401236002",
    city: "Lahti",
    serviceCities: [],
    postalCode: "15110",
    location: "Keskusta",
    bio: "Eläkkeellä oleva linja-autonkuljettaja. Autolla pääsee kätevästi kauppaan ja asioille.",
    status: "pending",
    rating: null,
    totalOrders: 0,
    languages: ["suomi"],
    services: ["errands", "yard_work"],
    dateOfBirth: "1957-04-03",
    hasDriversLicense: true,
    hasCar: true,
    radiusKm: 30,
  },
  {
    email: "noora.ahonen@example.fi",
    fullName: "Noora Ahonen",
    phone: "+358401236003",
    city: "Espoo",
    serviceCities: [],
    postalCode: "02230",
    location: "Matinkylä",
    bio: "Työskentelen osa-aikaisesti kahvilassa ja haluan iltaisin auttaa kotitöissä ja digiasioissa.",
    status: "pending",
    rating: null,
    totalOrders: 0,
    languages: ["suomi", "ruotsi", "englanti"],
    services: ["light_cleaning", "digital_help", "errands"],
    dateOfBirth: "1996-09-25",
    hasDriversLicense: false,
    hasCar: false,
    radiusKm: 10,
  },
  // An application that was turned down.
  {
    email: "jari.peltonen@example.fi",
    fullName: "Jari Peltonen",
    phone: "+358401236004",
    city: "Vantaa",
    serviceCities: [],
    postalCode: "01600",
    location: "Myyrmäki",
    bio: "Teen kaikenlaisia töitä.",
    status: "rejected",
    rating: null,
    totalOrders: 0,
    languages: ["suomi"],
    services: ["yard_work"],
    dateOfBirth: "1984-01-08",
    hasDriversLicense: true,
    hasCar: true,
    radiusKm: 50,
  },
];

// ---------------------------------------------------------------- orders

interface DemoOrder {
  orderNumber: string;
  customer: string;
  /** E-mail of the helper, or null for an order no helper has been assigned to yet. */
  caregiver: string | null;
  service: CategorySlug;
  status: OrderStatus;
  /** Helsinki calendar days from today; "now" means the current hour minus one (under way). */
  day: number | "now";
  startHour: number;
  hours: number;
  paymentMethod: "online" | "invoice";
  onlineMethod?: Exclude<PaymentMethodName, "invoice">;
  paymentStatus: PaymentStatus;
  payout?: "pending" | "paid";
  review?: { rating: number; comment: string };
  discountCode?: string;
  /** An invoice order's invoice, issued this many calendar days from today (negative: in the past); paid when the payment is captured. */
  invoiceIssuedDay?: number;
  description: string;
  /** A relative booking for someone else: the helper goes to the recipient's address. */
  bookingForOther?: {
    firstName: string;
    lastName: string;
    phone: string;
    address: string;
    postalCode: string;
    city: string;
  };
  messages?: { from: "customer" | "caregiver"; text: string }[];
  /**
   * The visit is one of a weekly series (issue 27), named by `key`: the series' row is made with
   * its first visit seeded, from that visit's details; `count` visits every `intervalWeeks` weeks.
   */
  series?: { key: string; intervalWeeks: 1 | 2; count: number };
}

// Each helper's live orders fall on different days, so the exclusion constraint never fires.
const ORDERS: DemoOrder[] = [
  {
    orderNumber: "ORD-900001",
    customer: DEMO_ACCOUNTS.customer,
    caregiver: DEMO_ACCOUNTS.caregiver,
    service: "errands",
    status: "completed",
    day: -28,
    startHour: 10,
    hours: 2,
    paymentMethod: "online",
    onlineMethod: "card",
    paymentStatus: "captured",
    payout: "paid",
    review: { rating: 5, comment: "Elina hoiti kauppa- ja apteekkiasiat nopeasti ja jäi vielä kahville. Kiitos!" },
    description: "Kauppareissu ja apteekki.",
  },
  {
    orderNumber: "ORD-900002",
    customer: DEMO_ACCOUNTS.customer,
    caregiver: DEMO_ACCOUNTS.caregiver,
    service: "companionship",
    status: "completed",
    day: -14,
    startHour: 13,
    hours: 3,
    paymentMethod: "invoice",
    paymentStatus: "captured",
    payout: "pending",
    invoiceIssuedDay: -13,
    description: "Iltapäiväkahvit ja valokuva-albumien selailua.",
  },
  {
    orderNumber: "ORD-900003",
    customer: "eino.laaksonen@example.fi",
    caregiver: "aleksi.heikkinen@example.fi",
    service: "digital_help",
    status: "completed",
    day: -10,
    startHour: 18,
    hours: 2,
    paymentMethod: "online",
    onlineMethod: "mobilepay",
    paymentStatus: "captured",
    payout: "pending",
    description: "Uuden tabletin käyttöönotto ja videopuhelu lapsenlapsille.",
  },
  {
    orderNumber: "ORD-900004",
    customer: "sirkka.hamalainen@example.fi",
    caregiver: "anna-maija.saarinen@example.fi",
    service: "light_cleaning",
    status: "completed",
    day: -6,
    startHour: 9,
    hours: 4,
    paymentMethod: "online",
    onlineMethod: "card",
    paymentStatus: "captured",
    payout: "pending",
    discountCode: "DEMO10",
    review: { rating: 4, comment: "Siivous ja pyykit hoituivat hyvin. Ensi kerralla toivon samaa kaveria." },
    description: "Kevyt siivous ja pyykinpesu.",
  },
  {
    orderNumber: "ORD-900005",
    customer: DEMO_ACCOUNTS.customer,
    caregiver: "matti.korhonen@example.fi",
    service: "outdoor_walks",
    status: "in_progress",
    day: "now",
    startHour: 0,
    hours: 3,
    paymentMethod: "online",
    onlineMethod: "card",
    paymentStatus: "captured",
    description: "Kävely Töölönlahden ympäri ja kahvit Kansallisoopperan kahvilassa.",
  },
  {
    orderNumber: "ORD-900006",
    customer: DEMO_ACCOUNTS.customer,
    caregiver: DEMO_ACCOUNTS.caregiver,
    service: "errands",
    status: "pending",
    day: 2,
    startHour: 10,
    hours: 2,
    paymentMethod: "online",
    onlineMethod: "card",
    paymentStatus: "captured",
    description: "Viikon ruokaostokset ja postin nouto.",
    messages: [
      { from: "customer", text: "Hei Elina! Voisitko tuoda samalla ruisleipää ja maitoa? Ovikoodi on 1234." },
      { from: "caregiver", text: "Hei Helmi, totta kai! Tulen sovitusti kello 10. Soitan ovelta, jos koodi ei toimi." },
    ],
  },
  {
    orderNumber: "ORD-900007",
    customer: "leena.koskinen@example.fi",
    caregiver: "juha.lehtonen@example.fi",
    service: "companionship",
    status: "pending",
    day: 3,
    startHour: 12,
    hours: 2,
    paymentMethod: "invoice",
    paymentStatus: "pending",
    bookingForOther: {
      firstName: "Aili",
      lastName: "Koskinen",
      phone: "+358401239876",
      address: "Kielotie 12 C 20",
      postalCode: "01300",
      city: "Vantaa",
    },
    description: "Seuraa äidilleni: lounas yhdessä ja pieni kävely, jos sää sallii.",
    messages: [
      { from: "customer", text: "Hei Juha! Äiti kuulee huonosti, joten soita ovikelloa pitkään. Hän odottaa sinua." },
      { from: "caregiver", text: "Kiitos tiedosta, Leena. Soitan pitkään ja odotan rauhassa ovella." },
    ],
  },
  {
    orderNumber: "ORD-900008",
    customer: "pentti.salonen@example.fi",
    caregiver: null,
    service: "yard_work",
    status: "pending",
    day: 5,
    startHour: 9,
    hours: 3,
    paymentMethod: "invoice",
    paymentStatus: "pending",
    description: "Lehtien haravointi ja kukkapenkkien siistiminen.",
  },
  {
    orderNumber: "ORD-900009",
    customer: "eino.laaksonen@example.fi",
    caregiver: "aleksi.heikkinen@example.fi",
    service: "digital_help",
    status: "pending_payment",
    day: 4,
    startHour: 19,
    hours: 1,
    paymentMethod: "online",
    onlineMethod: "card",
    paymentStatus: "pending",
    description: "Verkkopankin tunnuslukusovelluksen asennus.",
  },
  {
    orderNumber: "ORD-900010",
    customer: "sirkka.hamalainen@example.fi",
    caregiver: "anna-maija.saarinen@example.fi",
    service: "outdoor_walks",
    status: "pending",
    day: 7,
    startHour: 6,
    hours: 2,
    paymentMethod: "online",
    onlineMethod: "klarna",
    paymentStatus: "captured",
    description: "Aamulenkki Pyynikin harjulla ennen lääkärikäyntiä.",
  },
  {
    orderNumber: "ORD-900011",
    customer: DEMO_ACCOUNTS.customer,
    caregiver: DEMO_ACCOUNTS.caregiver,
    service: "light_cleaning",
    status: "cancelled",
    day: 6,
    startHour: 14,
    hours: 2,
    paymentMethod: "online",
    onlineMethod: "card",
    paymentStatus: "refunded",
    description: "Ikkunoiden pesu (peruutettu, sukulaiset hoitavat).",
  },
  {
    orderNumber: "ORD-900012",
    customer: "pentti.salonen@example.fi",
    caregiver: "kaarina.lindholm@example.fi",
    service: "errands",
    status: "cancelled",
    day: -2,
    startHour: 11,
    hours: 1,
    paymentMethod: "online",
    onlineMethod: "card",
    paymentStatus: "failed",
    description: "Pankkiasiointi (maksu ei onnistunut).",
  },
  // A second order without a helper ("Ei väliä"), so that the back-office e2e of each project
  // (JavaScript on and off) has its own to assign.
  {
    orderNumber: "ORD-900013",
    customer: "leena.koskinen@example.fi",
    caregiver: null,
    service: "companionship",
    status: "pending",
    day: 8,
    startHour: 11,
    hours: 2,
    paymentMethod: "invoice",
    paymentStatus: "pending",
    description: "Seuraa ja lounas kotona.",
  },
  // Completed visits whose invoices are overdue and unpaid: for the payments page's reminders and
  // partial payments (one for each e2e project).
  {
    orderNumber: "ORD-900014",
    customer: "leena.koskinen@example.fi",
    caregiver: "juha.lehtonen@example.fi",
    service: "errands",
    status: "completed",
    day: -40,
    startHour: 10,
    hours: 2,
    paymentMethod: "invoice",
    paymentStatus: "pending",
    invoiceIssuedDay: -39,
    description: "Kauppareissu ja reseptilääkkeiden nouto.",
  },
  {
    orderNumber: "ORD-900015",
    customer: "eino.laaksonen@example.fi",
    caregiver: "aleksi.heikkinen@example.fi",
    service: "digital_help",
    status: "completed",
    day: -35,
    startHour: 17,
    hours: 2,
    paymentMethod: "invoice",
    paymentStatus: "pending",
    invoiceIssuedDay: -34,
    description: "Älypuhelimen päivitykset ja kuvien siirto tietokoneelle.",
  },
  // A weekly walk with Juha from next week on (the helper's week view marks it 'Joka viikko').
  ...[7, 14, 21].map(
    (day, index): DemoOrder => ({
      orderNumber: `ORD-90010${index + 1}`,
      customer: "leena.koskinen@example.fi",
      caregiver: "juha.lehtonen@example.fi",
      service: "outdoor_walks",
      status: "pending",
      day,
      startHour: 12,
      hours: 2,
      paymentMethod: "invoice",
      paymentStatus: "pending",
      description: "Viikoittainen kävelylenkki Tikkurilan puistossa.",
      series: { key: "juha-weekly-walk", intervalWeeks: 1, count: 3 },
    }),
  ),
];

// ---------------------------------------------------------------- helpers

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The Helsinki date `days` from today. */
function dayFromToday(now: Date, days: number): string {
  return addCalendarDays(helsinkiToday(now), days);
}

/**
 * An order's time: whole Helsinki hours on a day relative to today, built with the domain's
 * booking rules (decision record 0003), exactly as a booking would be. "now" is an order that
 * started an hour ago and is under way.
 */
function orderInterval(now: Date, day: number | "now", startHour: number, hours: number): BookingInterval {
  if (day === "now") {
    const hour = helsinkiHour(now);
    return hour === 0
      ? bookingInterval(dayFromToday(now, -1), 23, hours)
      : bookingInterval(helsinkiToday(now), hour - 1, hours);
  }
  return bookingInterval(dayFromToday(now, day), startHour, hours);
}

/** Inserts a profile unless one with the same e-mail (case-insensitively) exists; returns its id. */
async function ensureProfile(
  trx: Trx,
  values: { email: string; fullName: string; phone: string; userType: "customer" | "caregiver"; passwordHash: string; now: Date },
): Promise<string> {
  await trx
    .insertInto("profiles")
    .values({
      email: values.email,
      full_name: values.fullName,
      phone: values.phone,
      user_type: values.userType,
      password_hash: values.passwordHash,
      email_confirmed_at: values.now,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
  const row = await trx
    .selectFrom("profiles")
    .select("id")
    .where(sql<string>`lower(email)`, "=", values.email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

async function ensureCustomer(trx: Trx, profileId: string, customer: DemoCustomer): Promise<string> {
  await trx
    .insertInto("customers")
    .values({
      profile_id: profileId,
      address: customer.address,
      postal_code: customer.postalCode,
      city: customer.city,
    })
    .onConflict((oc) => oc.column("profile_id").doNothing())
    .execute();
  const row = await trx.selectFrom("customers").select("id").where("profile_id", "=", profileId).executeTakeFirstOrThrow();
  return row.id;
}

// ---------------------------------------------------------------- the seed

/**
 * What the service cannot run without, in every environment (production included): the settings
 * and the six services. Rows that exist are left alone. No people, no orders.
 */
export async function seedBaseData(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertMissingSettings(trx);
    await seedServiceCategories(trx);
  });
  forgetKeptCopies();
}

/** After a seed's commit: this process's in-memory settings and services are read afresh. */
function forgetKeptCopies(): void {
  forgetCachedSettings();
  forgetCachedServiceCategories();
}

export async function seedDemoData(db: DB): Promise<void> {
  // argon2 is deliberately slow: hash once, outside the transaction, and share the hash.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();

  await db.transaction().execute(async (trx) => {
    await insertMissingSettings(trx);
    const bands = await getPriceBands(trx);
    const categoryIdOf = await seedServiceCategories(trx);
    const profileIds = new Map<string, string>();
    const adminId = await seedStaff(trx, { passwordHash, now, profileIds });
    const customerIds = await seedCustomers(trx, { passwordHash, now, profileIds });
    const caregiverIds = await seedCaregivers(trx, { passwordHash, now, profileIds, adminId, categoryIdOf });
    await seedDiscountCodes(trx, { now, adminId });
    const seriesIds = new Map<string, string>();
    for (const order of ORDERS) {
      await insertDemoOrder(trx, order, { now, bands, categoryIdOf, customerIds, caregiverIds, profileIds, seriesIds });
    }
  });
  forgetKeptCopies();
}

interface PeopleContext {
  passwordHash: string;
  now: Date;
  /** Filled in as people are seeded: e-mail → profile id. */
  profileIds: Map<string, string>;
}

/** The six services; returns the id of a service by its slug. */
async function seedServiceCategories(trx: Trx): Promise<(slug: CategorySlug) => string> {
  await trx
    .insertInto("service_categories")
    .values(DEMO_SERVICE_CATEGORIES.map((category, index) => ({ ...category, sort_order: (index + 1) * 10 })))
    .onConflict((oc) => oc.column("slug").doNothing())
    .execute();
  await announceServiceCategoriesChanged(trx);
  const categoryRows = await trx.selectFrom("service_categories").select(["id", "slug"]).execute();
  const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]));
  return (slug) => {
    const id = categoryId.get(slug);
    if (!id) throw new Error(`service category ${slug} missing`);
    return id;
  };
}

/** Admin, moderator and support; returns the admin's profile id. */
async function seedStaff(trx: Trx, { passwordHash, now, profileIds }: PeopleContext): Promise<string> {
  for (const member of STAFF) {
    const id = await ensureProfile(trx, { ...member, userType: "customer", passwordHash, now });
    profileIds.set(member.email, id);
    await trx
      .insertInto("user_roles")
      .values({ user_id: id, role: member.role })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .execute();
  }
  return profileIds.get(DEMO_ACCOUNTS.admin)!;
}

/** Customers with their addresses; returns e-mail → customers id. */
async function seedCustomers(trx: Trx, { passwordHash, now, profileIds }: PeopleContext): Promise<Map<string, string>> {
  const customerIds = new Map<string, string>();
  for (const customer of CUSTOMERS) {
    const profileId = await ensureProfile(trx, { ...customer, userType: "customer", passwordHash, now });
    profileIds.set(customer.email, profileId);
    customerIds.set(customer.email, await ensureCustomer(trx, profileId, customer));
  }
  return customerIds;
}

/** Approved helpers, applicants and a rejected one; returns e-mail → caregivers id. */
async function seedCaregivers(
  trx: Trx,
  { passwordHash, now, profileIds, adminId, categoryIdOf }: PeopleContext & { adminId: string; categoryIdOf: (slug: CategorySlug) => string },
): Promise<Map<string, string>> {
  const caregiverIds = new Map<string, string>();
  for (const [index, caregiver] of CAREGIVERS.entries()) {
    const profileId = await ensureProfile(trx, { ...caregiver, userType: "caregiver", passwordHash, now });
    profileIds.set(caregiver.email, profileId);
    const approved = caregiver.status === "approved";
    const reviewed = caregiver.status !== "pending";
    // Older helpers first, so "newest applications" lists show the applicants on top.
    const createdAt = new Date(now.getTime() - (CAREGIVERS.length - index) * 20 * DAY_MS);
    const inserted = await trx
      .insertInto("caregivers")
      .values({
        profile_id: profileId,
        city: caregiver.city,
        service_cities: caregiver.serviceCities,
        location: caregiver.location,
        postal_code: caregiver.postalCode,
        bio: caregiver.bio,
        radius_km: caregiver.radiusKm,
        languages: caregiver.languages,
        has_drivers_license: caregiver.hasDriversLicense,
        has_car: caregiver.hasCar,
        date_of_birth: caregiver.dateOfBirth,
        profile_image_url: null,
        status: caregiver.status,
        average_rating: caregiver.rating,
        total_orders: caregiver.totalOrders,
        identity_verified: approved,
        background_check: approved,
        insurance_verified: approved,
        education_verified: approved,
        reviewed_at: reviewed ? new Date(createdAt.getTime() + 5 * DAY_MS) : null,
        reviewed_by: reviewed ? adminId : null,
        created_at: createdAt,
      })
      .onConflict((oc) => oc.column("profile_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    const caregiverId =
      inserted?.id ??
      (await trx.selectFrom("caregivers").select("id").where("profile_id", "=", profileId).executeTakeFirstOrThrow()).id;
    caregiverIds.set(caregiver.email, caregiverId);
    // Services are linked only for a new row: on later runs a helper's own choices stand.
    if (inserted) {
      await trx
        .insertInto("caregiver_services")
        .values(caregiver.services.map((slug) => ({ caregiver_id: caregiverId, service_category_id: categoryIdOf(slug) })))
        .onConflict((oc) => oc.columns(["caregiver_id", "service_category_id"]).doNothing())
        .execute();
      await seedAvailabilityPlan(trx, caregiverId, DEMO_PLANS[caregiver.email], now);
    }
  }
  return caregiverIds;
}

// ---------------------------------------------------------------- availability plans

type DemoPlan = { weekly: Array<{ days: number[]; from: number; to: number }>; away?: { from: number; to: number }; extra?: { day: number; from: number; to: number } };
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const WEEKDAYS = [1, 2, 3, 4, 5];

/**
 * Each helper's weekly plan (issue 27), in hours of the Helsinki clock; `away` and `extra` in days
 * from today. Elina is there around the clock, and the helpers the end-to-end tests book or pick
 * (Matti, Sanna, Anna-Maija, and the applicants Emilia and Noora once approved) every day at least 8.00–21.00:
 * those tests book fixed days of next month at hours from 7 in the morning to 2 at night, and
 * 'Ei väliä' needs somebody then. The others vary, as real plans do.
 */
const DEMO_PLANS: Record<string, DemoPlan> = {
  [DEMO_ACCOUNTS.caregiver]: { weekly: [{ days: EVERY_DAY, from: 0, to: 24 }] },
  "matti.korhonen@example.fi": { weekly: [{ days: EVERY_DAY, from: 7, to: 22 }] },
  "sanna.nieminen@example.fi": { weekly: [{ days: WEEKDAYS, from: 7, to: 22 }, { days: [6, 7], from: 8, to: 21 }] },
  // Helsinki's yard work and digital help rest on Aleksi and Juha (and Matti): between them every
  // day's 9.00–17.00 (tests/integration/seed.test.ts).
  "aleksi.heikkinen@example.fi": { weekly: [{ days: WEEKDAYS, from: 8, to: 18 }, { days: [6, 7], from: 10, to: 18 }] },
  "liisa.jarvinen@example.fi": { weekly: [{ days: [2, 3, 4], from: 9, to: 15 }], away: { from: 10, to: 16 } },
  "juha.lehtonen@example.fi": { weekly: [{ days: [1, 2, 3, 4, 5, 6], from: 7, to: 17 }, { days: [7], from: 9, to: 15 }] },
  // Tampere's helper the end-to-end tests book (tests/e2e/booking-signed-in.spec.ts).
  "anna-maija.saarinen@example.fi": { weekly: [{ days: WEEKDAYS, from: 6, to: 21 }, { days: [6, 7], from: 8, to: 21 }] },
  "ville.mattila@example.fi": { weekly: [{ days: [1, 2, 3, 4], from: 12, to: 20 }] },
  "kaarina.lindholm@example.fi": { weekly: [{ days: WEEKDAYS, from: 9, to: 17 }] },
  // Turku's yard work: the seeded 'Ei väliä' order ORD-900008 (days from today, 9–12) is staffed
  // with him in tests/e2e/backoffice.spec.ts, whatever weekday it falls on.
  "petri.rantanen@example.fi": { weekly: [{ days: WEEKDAYS, from: 8, to: 16 }, { days: [6, 7], from: 9, to: 18 }] },
  "tiina.karjalainen@example.fi": { weekly: [{ days: WEEKDAYS, from: 8, to: 16 }, { days: [4], from: 18, to: 21 }], extra: { day: 3, from: 10, to: 14 } },
  "olli.hiltunen@example.fi": { weekly: [{ days: EVERY_DAY, from: 10, to: 18 }] },
  "emilia.koivisto@example.fi": { weekly: [{ days: EVERY_DAY, from: 8, to: 21 }] },
  "noora.ahonen@example.fi": { weekly: [{ days: EVERY_DAY, from: 8, to: 21 }] },
  "harri.turunen@example.fi": { weekly: [{ days: WEEKDAYS, from: 8, to: 16 }] },
};

async function seedAvailabilityPlan(trx: Trx, caregiverId: string, plan: DemoPlan | undefined, now: Date): Promise<void> {
  if (!plan) return;
  const rows = plan.weekly.flatMap((range) => range.days.map((weekday) => ({ caregiver_id: caregiverId, weekday, start_minute: range.from * 60, end_minute: range.to * 60 })));
  if (rows.length > 0) await trx.insertInto("caregiver_weekly_hours").values(rows).execute();
  const today = helsinkiToday(now);
  if (plan.away) {
    await trx
      .insertInto("caregiver_availability_exceptions")
      .values({ caregiver_id: caregiverId, kind: "away", starts_on: addCalendarDays(today, plan.away.from), ends_on: addCalendarDays(today, plan.away.to) })
      .execute();
  }
  if (plan.extra) {
    const date = addCalendarDays(today, plan.extra.day);
    await trx
      .insertInto("caregiver_availability_exceptions")
      .values({ caregiver_id: caregiverId, kind: "extra", starts_on: date, ends_on: date, start_minute: plan.extra.from * 60, end_minute: plan.extra.to * 60 })
      .execute();
  }
}

/** DEMO10 (active) and VANHA5 (expired). */
async function seedDiscountCodes(trx: Trx, { now, adminId }: { now: Date; adminId: string }): Promise<void> {
  await trx
    .insertInto("discount_codes")
    .values([
      {
        code: "DEMO10",
        type: "percentage",
        percent_bp: 1000,
        amount_cents: null,
        min_order_cents: null,
        max_discount_cents: null,
        valid_from: dayFromToday(now, -365),
        valid_until: dayFromToday(now, 365),
        usage_limit: null,
        per_user_limit: null,
        is_active: true,
        created_by: adminId,
      },
      {
        code: "VANHA5",
        type: "fixed_amount",
        percent_bp: null,
        amount_cents: 500,
        min_order_cents: null,
        max_discount_cents: null,
        valid_from: dayFromToday(now, -400),
        valid_until: dayFromToday(now, -30),
        usage_limit: 100,
        per_user_limit: 1,
        is_active: true,
        created_by: adminId,
      },
    ])
    .onConflict((oc) => oc.expression(sql`upper(code)`).doNothing())
    .execute();
}

async function insertDemoOrder(
  trx: Trx,
  order: DemoOrder,
  context: {
    now: Date;
    bands: readonly PriceBand[];
    categoryIdOf: (slug: CategorySlug) => string;
    customerIds: Map<string, string>;
    caregiverIds: Map<string, string>;
    profileIds: Map<string, string>;
    /** The demo series made so far: key → order_series.id. */
    seriesIds: Map<string, string>;
  },
): Promise<void> {
  const { now, bands } = context;
  // The order number is the seed's key: an order seeded before is left as it is, with its
  // payment, payout, review and messages.
  if (await findOrderIdByNumber(trx, order.orderNumber)) return;

  const interval = orderInterval(now, order.day, order.startHour, order.hours);
  const { startsAt, endsAt } = interval;
  const startHour = Number(interval.scheduledStart.slice(0, 2));

  // Priced exactly as a real booking: the band of the Helsinki start hour, then the discount.
  let discountCodeId: string | null = null;
  let discountCents = 0;
  if (order.discountCode) {
    const code = await trx
      .selectFrom("discount_codes")
      .select(["id", "type", "percent_bp", "amount_cents", "max_discount_cents"])
      .where(sql<string>`upper(code)`, "=", order.discountCode)
      .executeTakeFirstOrThrow();
    discountCodeId = code.id;
    const undiscounted = priceOrder({ bands, startHour, durationHours: order.hours });
    discountCents = discountAmountCents(
      { type: code.type, percentBp: code.percent_bp, amountCents: code.amount_cents, maxDiscountCents: code.max_discount_cents },
      undiscounted.originalPriceCents,
    );
  }
  const amounts = priceOrder({ bands, startHour, durationHours: order.hours, discountCents });

  const customerId = context.customerIds.get(order.customer)!;
  const customerProfileId = context.profileIds.get(order.customer)!;
  const caregiverId = order.caregiver ? context.caregiverIds.get(order.caregiver)! : null;
  const customer = CUSTOMERS.find((c) => c.email === order.customer)!;
  const place = order.bookingForOther ?? customer;

  // Bookings are made a few days ahead; a past order was created before it took place.
  const createdAt = new Date(Math.min(now.getTime() - HOUR_MS, startsAt.getTime() - 3 * DAY_MS));

  let seriesId: string | null = null;
  if (order.series) {
    const { key, intervalWeeks, count } = order.series;
    seriesId =
      context.seriesIds.get(key) ??
      (await insertSeries(trx, {
        customerId,
        createdBy: customerProfileId,
        caregiverId,
        serviceCategoryId: context.categoryIdOf(order.service),
        intervalWeeks,
        startHour,
        durationHours: order.hours,
        firstDate: interval.scheduledDate,
        end: { kind: "count", count },
        paymentMethod: order.paymentMethod,
        generatedUntil: addCalendarDays(interval.scheduledDate, (count - 1) * 7 * intervalWeeks),
      }));
    context.seriesIds.set(key, seriesId);
  }

  const { id: orderId } = await insertOrder(trx, {
    orderNumber: order.orderNumber,
    customerId,
    caregiverId,
    serviceCategoryId: context.categoryIdOf(order.service),
    bookingFor: order.bookingForOther ? "other" : "self",
    recipient: order.bookingForOther
      ? { firstName: order.bookingForOther.firstName, lastName: order.bookingForOther.lastName, phone: order.bookingForOther.phone }
      : null,
    startsAt,
    endsAt,
    scheduledDate: interval.scheduledDate,
    scheduledStart: interval.scheduledStart,
    scheduledEnd: interval.scheduledEnd,
    durationHours: order.hours,
    place: { address: place.address, postalCode: place.postalCode, city: place.city },
    // As a booking stores it: the phone booked with for oneself (the recipient's is on the order).
    contactPhone: order.bookingForOther ? null : customer.phone,
    description: order.description,
    paymentMethod: order.paymentMethod,
    amounts,
    discountCodeId,
    status: order.status,
    createdBy: customerProfileId,
    cancelledAt: order.status === "cancelled" ? new Date(createdAt.getTime() + HOUR_MS) : null,
    completedAt: order.status === "completed" ? endsAt : null,
    createdAt,
    seriesId,
  });

  if (discountCodeId) {
    await insertDiscountRedemption(trx, {
      discountCodeId,
      profileId: customerProfileId,
      orderId,
      amountCents: amounts.discountCents,
    });
    await trx
      .updateTable("discount_codes")
      .set((eb) => ({ usage_count: eb("usage_count", "+", 1) }))
      .where("id", "=", discountCodeId)
      .execute();
  }

  const online = order.paymentMethod === "online";
  const paymentId = await insertOrderPayment(trx, {
    orderId,
    customerId,
    caregiverId,
    amountCents: amounts.totalPriceCents,
    status: order.paymentStatus,
    provider: online ? "local" : "invoice",
    method: online ? (order.onlineMethod ?? "card") : "invoice",
    providerRef: online ? `demo_${order.orderNumber}` : null,
    refundedAt: order.paymentStatus === "refunded" ? new Date(createdAt.getTime() + HOUR_MS) : null,
    capturedAt: online && (order.paymentStatus === "captured" || order.paymentStatus === "refunded") ? createdAt : null,
    createdAt,
  });
  // A paid online order has its receipt, made as a real payment makes it; a refund leaves it be.
  if (online && (order.paymentStatus === "captured" || order.paymentStatus === "refunded")) {
    await issueReceipt(trx, paymentId, new Date(createdAt.getTime() + 5 * 60 * 1000));
  }

  if (order.invoiceIssuedDay !== undefined && order.paymentMethod === "invoice") {
    const issuedAt = new Date(now.getTime() + order.invoiceIssuedDay * DAY_MS);
    const invoice = await createInvoiceForOrder(trx, orderId, issuedAt);
    if (order.paymentStatus === "captured") {
      await trx.updateTable("invoices").set({ status: "paid", paid_at: new Date(issuedAt.getTime() + 7 * DAY_MS) }).where("id", "=", invoice.invoiceId).execute();
    }
  }

  if (order.payout && caregiverId) {
    const paid = order.payout === "paid";
    await trx
      .insertInto("payouts")
      .values({
        order_id: orderId,
        caregiver_id: caregiverId,
        amount_cents: amounts.caregiverEarningsCents,
        status: order.payout,
        paid_at: paid ? new Date(endsAt.getTime() + 7 * DAY_MS) : null,
        created_at: endsAt,
      })
      .execute();
  }

  if (order.review && caregiverId) {
    await trx
      .insertInto("reviews")
      .values({
        order_id: orderId,
        caregiver_id: caregiverId,
        customer_id: customerId,
        rating: order.review.rating,
        comment: order.review.comment,
        created_at: new Date(endsAt.getTime() + 2 * HOUR_MS),
      })
      .execute();
  }

  if (order.messages && order.caregiver) {
    const caregiverProfileId = context.profileIds.get(order.caregiver)!;
    for (const [index, message] of order.messages.entries()) {
      await trx
        .insertInto("messages")
        .values({
          order_id: orderId,
          sender_id: message.from === "customer" ? customerProfileId : caregiverProfileId,
          message_text: message.text,
          created_at: new Date(createdAt.getTime() + (index + 1) * 30 * 60_000),
        })
        .execute();
    }
  }
}
