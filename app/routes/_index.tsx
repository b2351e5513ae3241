import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import BadgeCheck from "lucide-react/dist/esm/icons/badge-check.js";
import Clock from "lucide-react/dist/esm/icons/clock.js";
import GraduationCap from "lucide-react/dist/esm/icons/graduation-cap.js";
import HandHeart from "lucide-react/dist/esm/icons/hand-heart.js";
import Heart from "lucide-react/dist/esm/icons/heart.js";
import HeartHandshake from "lucide-react/dist/esm/icons/heart-handshake.js";
import Mail from "lucide-react/dist/esm/icons/mail.js";
import MapPin from "lucide-react/dist/esm/icons/map-pin.js";
import Phone from "lucide-react/dist/esm/icons/phone.js";
import ShieldCheck from "lucide-react/dist/esm/icons/shield-check.js";
import Users from "lucide-react/dist/esm/icons/users.js";
import type { LucideIcon } from "lucide-react";
import { Alert } from "~/components/alert";
import { ButtonLink, SubmitButton } from "~/components/button";
import { EmailField, ErrorSummary, FormError, TextareaField, TextField } from "~/components/forms";
import { serverFormProps, useServerForm } from "~/components/server-form";
import { PageLayout, linkClass, useBookingPath } from "~/components/layout";
import { ServiceIcon } from "~/components/service-icon";
import { getDb } from "~/db.server";
import { FREE_CANCELLATION_HOURS } from "~/domain/cancellation";
import { formatAmount, formatEuros } from "~/domain/format";
import { bandHoursLabel, priceTable } from "~/domain/price-table";
import {
  HOUSEHOLD_DEDUCTION_BP,
  HOUSEHOLD_DEDUCTION_OWN_SHARE_CENTS,
  HOUSEHOLD_DEDUCTION_YEARLY_CAP_CENTS,
} from "~/domain/pricing";
import { logger } from "~/logger.server";
import { listServiceCities } from "~/models/caregivers.server";
import { listActiveServiceCategories } from "~/models/service-categories.server";
import { getContactInfo, getPriceBands } from "~/models/settings.server";
import { ContactSchema } from "~/schemas/contact";
import { sendContactMessage } from "~/services/contact.server";
import { redirectWithToast } from "~/services/flash.server";
import { cachingHeaders, contentPageHeaders } from "~/services/http-cache.server";
import { consumeContactMessage, retryAfterMinutes, retryAfterHeaders } from "~/services/rate-limit.server";
import { BAND_NAMES } from "~/messages/booking";
import type { RouteHandle } from "~/root";

/** Works fully as HTML: no JavaScript is sent for this page (root.tsx). */
export const handle: RouteHandle = { hydrate: false };

const CONTACT_SENT_URL = "/?lahetetty=1#yhteystiedot";

export async function loader({ request }: LoaderFunctionArgs) {
  const db = await getDb();
  const [services, bands, contact, cities] = await Promise.all([
    listActiveServiceCategories(db),
    getPriceBands(db),
    getContactInfo(db),
    listServiceCities(db),
  ]);
  const sent = new URL(request.url).searchParams.get("lahetetty") === "1";
  return data({ services, prices: priceTable(bands), contact, sent, cities }, { headers: contentPageHeaders(request) });
}

function contactRateLimitedMessage(minutes: number): string {
  return `Olet lähettänyt useita viestejä lyhyessä ajassa. Yritä uudelleen ${minutes} minuutin kuluttua tai soita meille.`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const toast = { type: "success", title: "Kiitos viestistäsi!", description: "Vastaamme mahdollisimman pian." } as const;
  if (submission.value.website) {
    // The hidden field was filled: a robot. It gets the same answer as a person, and no e-mail.
    logger.info("contact form: hidden field filled, message dropped");
    return redirectWithToast(request, CONTACT_SENT_URL, toast);
  }
  // Counted only for messages that would really be sent: a typo costs nothing.
  const limit = await consumeContactMessage(context.clientIp);
  if (!limit.allowed) {
    // The typed message comes back with the form, so nothing is lost while waiting.
    return data(submission.reply({ formErrors: [contactRateLimitedMessage(retryAfterMinutes(limit.retryAfterSeconds))] }), {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  await sendContactMessage(await getDb(), submission.value);
  return redirectWithToast(request, CONTACT_SENT_URL, toast);
}

// A refusal for too many attempts says when to come back (Retry-After), on the HTML page too.
export const headers: HeadersFunction = (args) => {
  const headers = retryAfterHeaders(args);
  cachingHeaders(args.loaderHeaders).forEach((value, name) => headers.set(name, value));
  return headers;
};

export const meta: MetaFunction = () => [
  { title: "Arkikaveri – luotettava kaveri avuksi ja seuraksi arkeen" },
  {
    name: "description",
    content:
      "Arkikaveri tuo tarkasti valitun kaverin avuksi arkeen: asiointia, juttuseuraa, kotiapua, ulkoilua ja digiapua tunnin tarkkuudella. Selkeät hinnat, kotitalousvähennyskelpoinen.",
  },
];

const section = "mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20";
const h2 = "text-3xl font-bold text-brand-900 sm:text-4xl";
const lead = "mt-4 max-w-3xl text-xl text-gray-800";

export default function Index() {
  const { services, prices, contact, sent, cities } = useLoaderData<typeof loader>();
  return (
    <PageLayout bare>
      <Hero cities={cities} />
      <Services services={services} />
      <Values />
      <Prices prices={prices} />
      <Mission />
      <Companions />
      <Vetting />
      <Contact contact={contact} sent={sent} />
    </PageLayout>
  );
}

function Hero({ cities }: { cities: string[] }) {
  const bookingPath = useBookingPath();
  return (
    <section aria-labelledby="hero-title" className="bg-brand-50">
      <div className={`${section} grid items-center gap-10 lg:grid-cols-[3fr_2fr]`}>
        <div>
          <p className="text-lg font-semibold uppercase tracking-wide text-brand-700">Apua ja seuraa arkeen</p>
          <h1 id="hero-title" className="mt-2 text-4xl font-bold leading-tight text-brand-900 sm:text-5xl">
            Kaveri, joka auttaa arjessa – ja pysähtyy juttelemaan
          </h1>
          <p className={lead}>
            Arkikaveri tuo luotettavan, huolella valitun kaverin avuksi kauppaan, kävelylle, kotitöihin tai
            kahvikupin ääreen. Varaat juuri niin monta tuntia kuin tarvitset – ilman jonoa ja sitoumuksia.
          </p>
          <div className="mt-8">
            <ButtonLink to={bookingPath} className="px-8 text-lg">
              Varaa nyt
            </ButtonLink>
          </div>
          {/* What a first-time customer wants to know before pressing 'Varaa nyt'. */}
          <div className="mt-6 space-y-3 text-lg text-gray-900">
            <p className="font-semibold">Varaaminen käy kolmessa vaiheessa:</p>
            <ol className="list-decimal space-y-1 pl-7">
              <li>Valitse päivä, kellonaika ja palvelu.</li>
              <li>Valitse kaveri tai anna meidän valita.</li>
              <li>Anna yhteystiedot ja vahvista varaus.</li>
            </ol>
            <p>Voit perua varauksen maksutta viimeistään {FREE_CANCELLATION_HOURS} tuntia ennen käynnin alkua.</p>
            {cities.length > 0 ? <p>Kavereitamme on nyt näillä paikkakunnilla: {cities.join(", ")}.</p> : null}
          </div>
          <p className="mt-6 text-lg text-gray-800">
            Etsitkö työtä?{" "}
            <Link to="/rekisteroidy-kaveriksi" className={`inline-flex min-h-target items-center ${linkClass}`}>
              Hae työhön kaveriksi
            </Link>
          </p>
        </div>
        <ul className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
          {[
            { icon: ShieldCheck, text: "Jokaisen kaverin tausta on tarkistettu" },
            { icon: Clock, text: "Ei jonoa: varaa aika itse, jopa puoleksi vuodeksi eteenpäin" },
            { icon: BadgeCheck, text: "Jopa 25 % edullisempi kuin kilpailijat" },
            { icon: HandHeart, text: "1 € jokaisesta tilatusta tunnista hyväntekeväisyyteen" },
          ].map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-lg">
              <Icon aria-hidden="true" className="mt-1 h-6 w-6 flex-none text-brand-700" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function Services({ services }: { services: LoaderData["services"] }) {
  return (
    <section id="palvelut" aria-labelledby="palvelut-title" className="scroll-mt-4">
      <div className={section}>
        <h2 id="palvelut-title" className={h2}>
          Palvelumme
        </h2>
        <p className={lead}>Kaveri auttaa siinä, missä apua tarvitaan – ja on seurana koko ajan.</p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li key={service.id} className="rounded-2xl border-2 border-brand-100 bg-white p-6">
              <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <ServiceIcon name={service.icon} />
              </span>
              <h3 className="mt-4 text-2xl font-bold text-gray-900">{service.name}</h3>
              <p className="mt-2 text-gray-800">{service.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Values() {
  const values = [
    {
      icon: Heart,
      title: "Lämmin ja inhimillinen",
      text: "Kaverilla on aikaa sinulle. Asiat hoidetaan rauhassa, ja jutella ehtii aina.",
    },
    {
      icon: ShieldCheck,
      title: "Luotettava kumppani",
      text: "Jokainen kaveri on haastateltu, taustaltaan tarkistettu ja perehdytetty työhönsä.",
    },
    {
      icon: MapPin,
      title: "Aina lähellä",
      text: "Kaverit asuvat lähelläsi. Varaat ajan silloin kun sopii – myös illaksi ja yöksi.",
    },
  ];
  return (
    <section aria-labelledby="miksi-title" className="bg-brand-50">
      <div className={section}>
        <h2 id="miksi-title" className={h2}>
          Miksi Arkikaveri?
        </h2>
        <IconCards items={values} cardClass="bg-white shadow-sm" iconClass="text-accent-600" />
      </div>
    </section>
  );
}

function Prices({ prices }: { prices: LoaderData["prices"] }) {
  const bookingPath = useBookingPath();
  const percent = HOUSEHOLD_DEDUCTION_BP / 100;
  return (
    <section id="hinnat" aria-labelledby="hinnat-title" className="scroll-mt-4">
      <div className={section}>
        <h2 id="hinnat-title" className={h2}>
          Hinnat ja läpinäkyvyys
        </h2>
        <p className={lead}>
          Maksat vain tilatuista tunneista. Hinta riippuu siitä, mihin aikaan käynti alkaa. Hinnat sisältävät
          arvonlisäveron, eikä muita maksuja ole.
        </p>

        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {prices.map((band) => (
            <li key={band.id} className="rounded-2xl border-2 border-brand-700 bg-white p-5 text-center">
              <p className="text-xl font-bold text-gray-900">{BAND_NAMES[band.id]}</p>
              <p className="text-gray-800">{bandHoursLabel(band)}</p>
              <p className="mt-2 text-gray-800">
                <span className="text-3xl font-bold text-brand-800">{formatAmount(band.hourlyCents)}</span>{" "}
                <span className="whitespace-nowrap">€ / tunti</span> <span className="whitespace-nowrap">(sis. ALV 25,5%)</span>
              </p>
            </li>
          ))}
        </ul>

        <h3 className="mt-12 text-2xl font-bold text-gray-900">Hintaesimerkit</h3>
        <p className="mt-2 max-w-3xl text-gray-800">
          Taulukoissa on käynnin hinta arvonlisäveron kanssa ja ilman sitä sekä hinta sen jälkeen, kun
          kotitalousvähennys ({percent} %) on otettu huomioon.
        </p>
        <div className="mt-6 max-w-3xl space-y-10">
          {prices.map((band) => (
            // On a narrow phone a table may need sideways scrolling: the wrapper is then reachable
            // and named for keyboard and screen reader users (WCAG 2.1.1).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable
            <div key={band.id} className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`hinnat-${band.id}`}>
              {/* 16 px and tight gaps below 640 px: the four columns then fit a 320 px phone whole
                  (288 px of room) instead of scrolling their last column out of sight (issue 31). */}
              <table className="w-full border-collapse text-left text-[1rem] sm:text-base">
                <caption id={`hinnat-${band.id}`} className="pb-2 text-left text-xl font-bold text-gray-900">
                  {BAND_NAMES[band.id]}hinta, {bandHoursLabel(band)}
                </caption>
                <thead>
                  <tr className="border-b-2 border-gray-800">
                    <th scope="col" className="py-2 pr-1 align-bottom sm:pr-3">
                      Kesto
                    </th>
                    <th scope="col" className="py-2 pr-1 text-right align-bottom sm:pr-3">
                      Hinta (sis. ALV)
                    </th>
                    <th scope="col" className="py-2 pr-1 text-right align-bottom sm:pr-3">
                      Ilman ALV:a
                    </th>
                    <th scope="col" className="py-2 text-right align-bottom">
                      Koti&shy;talous&shy;vähen&shy;nyksen jälkeen
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {band.rows.map((row) => (
                    <tr key={row.hours} className="border-b border-gray-300">
                      <th scope="row" className="py-2 pr-1 font-semibold sm:pr-3">
                        {row.hours} h
                      </th>
                      <td className="whitespace-nowrap py-2 pr-1 text-right tabular-nums sm:pr-3">{formatEuros(row.totalCents)}</td>
                      <td className="whitespace-nowrap py-2 pr-1 text-right tabular-nums sm:pr-3">{formatEuros(row.netCents)}</td>
                      <td className="whitespace-nowrap py-2 text-right font-semibold tabular-nums text-brand-800">
                        {formatEuros(row.afterDeductionCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>

        <div className="mt-10 rounded-2xl bg-brand-50 p-6">
          <h3 className="text-2xl font-bold text-gray-900">Koti&shy;talous&shy;vähennys</h3>
          <ul className="mt-3 list-disc space-y-2 pl-6 text-gray-900">
            <li>
              Palvelumme on kotitalousvähennykseen oikeuttavaa työtä. Vähennyksen määrä on {percent} % palvelun
              hinnasta (sis. ALV).
            </li>
            <li>
              Vähennys on enintään {formatEuros(HOUSEHOLD_DEDUCTION_YEARLY_CAP_CENTS)} vuodessa henkilöä kohden.
            </li>
            <li>Omavastuu on {formatEuros(HOUSEHOLD_DEDUCTION_OWN_SHARE_CENTS)} vuodessa.</li>
            <li>
              Haet vähennyksen itse verottajalta (OmaVero). Saat palvelusta vuosiyhteenvedon maksamistasi tunneista
              veroilmoitusta varten.
            </li>
          </ul>
        </div>

        <div className="mt-8">
          <ButtonLink to={bookingPath} className="px-8 text-lg">
            Varaa nyt
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function Mission() {
  return (
    <section aria-labelledby="missio-title" className="bg-brand-900 text-white">
      <div className={`${section} grid gap-8 md:grid-cols-[auto_1fr] md:items-start`}>
        <HeartHandshake aria-hidden="true" className="h-16 w-16 text-brand-100" />
        <div>
          <h2 id="missio-title" className="text-3xl font-bold sm:text-4xl">
            Missiomme: hyvä kiertää
          </h2>
          <p className="mt-4 max-w-3xl text-xl text-brand-50">
            Jokaisesta tilatusta tunnista lahjoitamme 1 € hyväntekeväisyyteen. Asiakkaamme valitsevat
            lahjoituskohteen vuosittain asiakaskyselyssä – näin jokainen käynti auttaa myös jotakuta toista.
          </p>
        </div>
      </div>
    </section>
  );
}

function Companions() {
  const groups = [
    { icon: GraduationCap, title: "Opiskelijat", text: "Reippaita ja osaavia nuoria, joille toisen auttaminen on tärkeää." },
    { icon: Heart, title: "Eläkeläiset", text: "Elämänkokemusta, kärsivällisyyttä ja aikaa kiireettömille hetkille." },
    { icon: Users, title: "Muut aikuiset", text: "Työikäisiä, jotka haluavat tehdä merkityksellistä työtä joustavasti." },
  ];
  return (
    <section aria-labelledby="kaverit-title">
      <div className={section}>
        <h2 id="kaverit-title" className={h2}>
          Keitä kaverimme ovat?
        </h2>
        <p className={lead}>
          Kaverimme ovat opiskelijoita, eläkeläisiä ja muita aikuisia, joita yhdistää halu auttaa. Valitsemme
          tarkasti: noin 20 % hakijoista hyväksytään, ja jokainen heistä on haastateltu kasvokkain.
        </p>
        <IconCards items={groups} cardClass="border-2 border-brand-100" iconClass="text-brand-700" />
      </div>
    </section>
  );
}

function Vetting() {
  const steps = [
    {
      title: "Henkilökohtainen haastattelu",
      text: "Tapaamme jokaisen hakijan kasvokkain ja varmistamme, että hän sopii kaveriksi.",
    },
    {
      // Soft hyphens: a long word breaks at its parts, with a hyphen, on a narrow phone.
      title: "Virallinen rikos\u00adtausta\u00adselvitys",
      text: "Tarkistamme virallisen rikostaustaotteen ja henkilöllisyyden ennen ensimmäistä käyntiä.",
    },
    {
      title: "Perehdytys",
      text: "Jokainen kaveri käy oman perehdytyksemme: turvallisuus, kohtaaminen ja toimintatavat.",
    },
  ];
  return (
    <section aria-labelledby="seulonta-title" className="bg-brand-50">
      <div className={section}>
        <h2 id="seulonta-title" className={h2}>
          Kolmivaiheinen seulonta
        </h2>
        <p className={lead}>Päästämme kotiisi vain ihmisiä, joihin voi luottaa. Siksi jokainen kaveri käy läpi kolme vaihetta.</p>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-2xl font-bold text-gray-900">
                <span className="sr-only">Vaihe {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-gray-800">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Contact({ contact, sent }: { contact: LoaderData["contact"]; sent: boolean }) {
  const location = useLocation();
  const phoneHref = `tel:${contact.phone.replace(/[^+\d]/g, "")}`;
  return (
    <section id="yhteystiedot" aria-labelledby="yhteystiedot-title" className="scroll-mt-4">
      <div className={`${section} grid gap-10 lg:grid-cols-[2fr_3fr]`}>
        <div>
          <h2 id="yhteystiedot-title" className={h2}>
            Ota yhteyttä
          </h2>
          <p className="mt-4 text-xl text-gray-800">
            Kysyttävää palvelusta tai varauksesta? Soita, lähetä sähköpostia tai jätä viesti lomakkeella.
          </p>
          <ul className="mt-6 space-y-3 text-lg">
            <li className="flex items-center gap-3">
              <Mail aria-hidden="true" className="h-6 w-6 flex-none text-brand-700" />
              <span>
                <span className="sr-only">Sähköposti: </span>
                <a href={`mailto:${contact.email}`} className={`${linkClass} inline-flex min-h-target items-center break-anywhere`}>
                  {contact.email}
                </a>
              </span>
            </li>
            <li className="flex items-center gap-3">
              <Phone aria-hidden="true" className="h-6 w-6 flex-none text-brand-700" />
              <span>
                <span className="sr-only">Puhelin: </span>
                <a href={phoneHref} className={`${linkClass} inline-flex min-h-target items-center`}>
                  {contact.phone}
                </a>
              </span>
            </li>
          </ul>
        </div>
        {/* A successful send remounts the form (new location key), so it starts empty again. */}
        <ContactForm key={sent ? location.key : "contact"} sent={sent} />
      </div>
    </section>
  );
}

function ContactForm({ sent }: { sent: boolean }) {
  const lastResult = useActionData<typeof action>();
  // The landing page ships no JavaScript: the server validates the message and its reply is shown.
  const [form, fields] = useServerForm({ id: "yhteydenotto", lastResult, constraint: getZodConstraint(ContactSchema) });
  return (
    <div className="rounded-2xl border-2 border-brand-100 bg-white p-6 sm:p-8">
      <h3 className="text-2xl font-bold text-gray-900">Lähetä viesti</h3>
      {sent && !lastResult ? (
        <Alert type="success" title="Kiitos viestistäsi!" className="mt-4">
          <p>Viestisi on lähetetty. Vastaamme mahdollisimman pian.</p>
        </Alert>
      ) : null}
      {/* The fragment brings a reloaded page (no JavaScript) back to the form and its errors, not to the top. */}
      <Form method="post" action={`/?index#${form.id}`} {...serverFormProps(form)} className="mt-6 scroll-mt-4 space-y-6">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title="Viestiä ei lähetetty" />
        <TextField meta={fields.name} label="Nimi" autoComplete="name" />
        <EmailField meta={fields.email} />
        <TextField
          meta={fields.phone}
          label="Puhelin (vapaaehtoinen)"
          hint="Jos haluat, että soitamme sinulle. Esimerkiksi 040 123 4567."
          type="tel"
          autoComplete="tel"
          inputMode="tel"
        />
        <TextareaField meta={fields.message} label="Viesti" hint="10–2000 merkkiä." rows={6} />
        {/* Hidden from people and assistive technology; only robots fill it in. */}
        <div hidden>
          <label htmlFor="yhteydenotto-website">Verkkosivu</label>
          <input id="yhteydenotto-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <SubmitButton busyLabel="Lähetetään...">Lähetä viesti</SubmitButton>
      </Form>
    </div>
  );
}

/** Three cards in a row on wide screens, each an icon, a title and a sentence. */
function IconCards({ items, cardClass, iconClass }: { items: { icon: LucideIcon; title: string; text: string }[]; cardClass: string; iconClass: string }) {
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-3">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className={`rounded-2xl p-6 ${cardClass}`}>
          <Icon aria-hidden="true" className={`h-10 w-10 ${iconClass}`} />
          <h3 className="mt-4 text-2xl font-bold text-gray-900">{title}</h3>
          <p className="mt-2 text-gray-800">{text}</p>
        </li>
      ))}
    </ul>
  );
}
