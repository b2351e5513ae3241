import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { FREE_CANCELLATION_HOURS } from "~/domain/cancellation";
import { Link, useLoaderData } from "@remix-run/react";
import { PageLayout } from "~/components/layout";
import { Prose } from "~/components/prose";
import { getDb } from "~/db.server";
import { formatEuros } from "~/domain/format";
import { bandHoursLabel, priceTable } from "~/domain/price-table";
import { MAX_DURATION_HOURS, MIN_DURATION_HOURS } from "~/domain/pricing";
import { getCompanyInfo, getContactInfo, getPriceBands } from "~/models/settings.server";
import { cachingHeaders, contentPageHeaders } from "~/services/http-cache.server";
import { BAND_NAMES } from "~/messages/booking";
import type { RouteHandle } from "~/root";

/** Works fully as HTML: no JavaScript is sent for this page (root.tsx). */
export const handle: RouteHandle = { hydrate: false };

// The terms name the company and quote the prices from the settings, so what customers agree to is
// what the service charges.
export async function loader({ request }: LoaderFunctionArgs) {
  const db = await getDb();
  const [company, contact, bands] = await Promise.all([getCompanyInfo(db), getContactInfo(db), getPriceBands(db)]);
  const prices = priceTable(bands).map(({ id, fromHour, toHour, hourlyCents }) => ({ id, fromHour, toHour, hourlyCents }));
  return data({ company, contact, prices }, { headers: contentPageHeaders(request) });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => cachingHeaders(loaderHeaders);

export const meta: MetaFunction = () => [
  { title: "Käyttöehdot – Arkikaveri" },
  { name: "description", content: "Arkikaverin käyttöehdot asiakkaille ja kavereille: varaaminen, maksaminen, peruuttaminen, laskutus ja vastuut." },
];

const TERMS_UPDATED = "21.11.2026";

export default function TermsOfService() {
  const { company, contact, prices } = useLoaderData<typeof loader>();
  return (
    <PageLayout narrow>
      <Prose>
        <h1>Käyttöehdot</h1>
        <p>Päivitetty {TERMS_UPDATED}.</p>
        <p>
          Näitä ehtoja sovelletaan Arkikaveri-palveluun, jonka tarjoaa {company.name} (Y-tunnus {company.businessId},{" "}
          {company.address}, {company.postalCode} {company.city}), jäljempänä &quot;Arkikaveri&quot; tai &quot;me&quot;.
          Ehdot koskevat sekä palvelua tilaavia asiakkaita että palvelussa työskenteleviä kavereita. Varaamalla
          palvelun tai rekisteröitymällä kaveriksi hyväksyt nämä ehdot.
        </p>

        <nav aria-label="Sisällys">
          <h2>Sisällys</h2>
          <ol>
            <li><a href="#palvelu">Palvelu</a></li>
            <li><a href="#varaaminen">Varaaminen</a></li>
            <li><a href="#hinnat-ja-maksaminen">Hinnat ja maksaminen</a></li>
            <li><a href="#lasku">Laskulla maksaminen</a></li>
            <li><a href="#peruuttaminen">Varauksen peruuttaminen ja muuttaminen</a></li>
            <li><a href="#kaverit">Kavereita koskevat ehdot</a></li>
            <li><a href="#vastuu">Vastuut</a></li>
            <li><a href="#reklamaatiot">Palaute, reklamaatiot ja riidat</a></li>
            <li><a href="#muutokset">Ehtojen muuttaminen ja yhteystiedot</a></li>
          </ol>
        </nav>

        <h2 id="palvelu">1. Palvelu</h2>
        <p>
          Arkikaveri välittää ja järjestää tuntiperusteista apua ja seuraa arkeen: asiointiapua, juttuseuraa, kevyttä
          kotiapua, ulkoiluseuraa, digiapua ja kevyitä pihatöitä. Palvelun tekee Arkikaverin hyväksymä kaveri. Kaverit
          on haastateltu, heidän henkilöllisyytensä ja rikostaustansa on tarkistettu ja heidät on perehdytetty.
        </p>
        <p>
          Palvelu ei ole terveyden- tai sairaanhoitoa. Kaveri ei anna lääkkeitä, tee hoitotoimenpiteitä eikä tee
          raskaita tai vaarallisia töitä, kuten töitä tikkailla tai katolla.
        </p>

        <h2 id="varaaminen">2. Varaaminen</h2>
        <ul>
          <li>
            Varauksen voi tehdä verkkosivuilla kuka tahansa täysi-ikäinen henkilö itselleen tai toiselle henkilölle,
            esimerkiksi omaiselleen. Varaaja on asiakas, joka vastaa varauksen maksamisesta, vaikka palvelu
            tehtäisiin toiselle henkilölle.
          </li>
          <li>
            Varaus tehdään kokonaisina tunteina, vähintään {MIN_DURATION_HOURS} ja enintään {MAX_DURATION_HOURS} tuntia
            kerrallaan. Käynnin voi varata aikaisintaan seuraavalle alkavalle tasatunnille ja enintään kuusi kuukautta
            (180 päivää) eteenpäin.
          </li>
          <li>
            Asiakas vastaa siitä, että varauksen tiedot (osoite, ajankohta, yhteystiedot ja tehtävän kuvaus) ovat
            oikein. Kerro kuvauksessa asiat, jotka kaverin on hyvä tietää etukäteen, esimerkiksi lemmikit, portaat tai
            ovikoodi.
          </li>
          <li>
            Sopimus syntyy, kun vahvistamme varauksen sähköpostilla. Verkkomaksulla maksettu varaus vahvistuu, kun maksu
            on onnistunut. Ilmoitamme, kun kaveri on hyväksynyt tehtävän. Jos emme löydä varaukselle kaveria, ilmoitamme
            siitä ja palautamme mahdollisen maksun kokonaan.
          </li>
        </ul>

        <h2 id="hinnat-ja-maksaminen">3. Hinnat ja maksaminen</h2>
        <p>
          Tuntihinta määräytyy käynnin alkamisajan mukaan. Hinnat sisältävät arvonlisäveron 25,5 %, eikä niihin lisätä
          muita maksuja:
        </p>
        <ul>
          {prices.map((band) => (
            <li key={band.id}>
              {BAND_NAMES[band.id]} ({bandHoursLabel(band)}): {formatEuros(band.hourlyCents)} / tunti
            </li>
          ))}
        </ul>
        <ul>
          <li>
            Varauksen hinta on tuntihinta kerrottuna varatuilla tunneilla, josta vähennetään mahdollinen voimassa olevan
            alennuskoodin alennus. Hinta näytetään ennen varauksen vahvistamista, ja varaukseen sovelletaan sen
            tekohetken hintaa.
          </li>
          <li>
            Voit maksaa verkossa (kortti, MobilePay tai Klarna) tai laskulla. Verkkomaksut käsittelee maksunvälittäjä;
            Arkikaveri ei näe eikä tallenna korttitietojasi.
          </li>
          <li>
            Palvelu on kotitalousvähennykseen oikeuttavaa työtä. Vähennyksen hakeminen verottajalta on asiakkaan
            vastuulla. Saat palvelusta vuosiyhteenvedon maksamistasi tunneista.
          </li>
        </ul>

        <h2 id="lasku">4. Laskulla maksaminen</h2>
        <ul>
          <li>Lähetämme laskun sähköpostilla varauksen jälkeen. Maksuaika on 14 päivää laskun päiväyksestä.</li>
          <li>Maksa lasku laskussa olevalla viitenumerolla, jotta maksu kohdistuu oikein.</li>
          <li>
            Myöhästyneestä maksusta voimme periä korkolain mukaisen viivästyskoron ja lähettää maksumuistutuksen.
            Maksamaton lasku voidaan siirtää perintään.
          </li>
          <li>Jos laskussa on mielestäsi virhe, ota yhteyttä ennen eräpäivää. Selvitämme asian ennen perintää.</li>
        </ul>

        <h2 id="peruuttaminen">5. Varauksen peruuttaminen ja muuttaminen</h2>
        <ul>
          <li>
            Voit perua tai siirtää varauksen maksutta viimeistään {FREE_CANCELLATION_HOURS} tuntia ennen käynnin alkua. Perua voit
            itse omalla sivullasi kohdassa Tilaukset; siirtoa varten ota yhteyttä asiakaspalveluumme. Palautamme verkossa
            maksetun summan samaan maksutapaan, ja laskulla maksettu varaus hyvitetään.
          </li>
          <li>
            Jos perut alle {FREE_CANCELLATION_HOURS} tuntia ennen käynnin alkua, voimme veloittaa yhden tunnin hinnan. Jos kaveri ei pääse
            sisään sovittuna aikana eikä asiakkaaseen saada yhteyttä, voimme veloittaa varauksen kokonaan.
          </li>
          <li>
            Jos Arkikaveri tai kaveri joutuu perumaan käynnin, ilmoitamme siitä mahdollisimman pian, tarjoamme uutta
            aikaa tai toista kaveria ja palautamme maksun kokonaan, jos uusi aika ei sovi.
          </li>
          <li>
            Koska palvelu tehdään asiakkaan pyytämänä sovittuna ajankohtana, kuluttajansuojalain mukaista 14 päivän
            peruutusoikeutta ei sovelleta jo suoritettuun palveluun. Muilta osin noudatamme yllä olevia ehtoja.
          </li>
        </ul>

        <h2 id="kaverit">6. Kavereita koskevat ehdot</h2>
        <ul>
          <li>
            Kaveriksi voi hakea täysi-ikäinen henkilö. Hakemus käsitellään haastattelun, henkilöllisyyden ja
            rikostaustan tarkistuksen sekä perehdytyksen kautta. Arkikaveri päättää hakijan hyväksymisestä, eikä
            kaikkia hakijoita voida hyväksyä.
          </li>
          <li>
            Hyväksytty kaveri näkee hänelle ehdotetut tehtävät ja voi hyväksyä tai hylätä ne. Hyväksytty tehtävä
            tehdään sovittuna aikana ja huolellisesti. Jos kaveri ei pääse, hänen on ilmoitettava siitä Arkikaverille
            heti, mieluiten vähintään 24 tuntia ennen käynnin alkua.
          </li>
          <li>
            Kaveri pitää salassa kaiken, mitä hän saa tietää asiakkaasta ja tämän kodista, myös tehtävän jälkeen. Kaveri
            ei ota vastaan rahaa, lahjoja tai valtakirjoja asiakkaalta eikä käsittele asiakkaan pankkitunnuksia.
          </li>
          <li>
            Kaverin ansio on varauksen arvonlisäverottomasta hinnasta se osuus, joka jää Arkikaverin 20 %:n
            palvelumaksun jälkeen. Ansiot maksetaan tehdyistä ja valmiiksi merkityistä tehtävistä.
          </li>
          <li>
            Arkikaveri voi keskeyttää kaverin pääsyn palveluun tai päättää yhteistyön, jos kaveri rikkoo näitä ehtoja,
            toimii epäasiallisesti tai vaarantaa asiakkaan turvallisuuden.
          </li>
        </ul>

        <h2 id="vastuu">7. Vastuut</h2>
        <ul>
          <li>
            Arkikaveri vastaa siitä, että palvelu tehdään sovitusti, huolellisesti ja ammattitaitoisesti. Jos palvelussa
            on virhe, korjaamme sen tai hyvitämme virhettä vastaavan osan hinnasta.
          </li>
          <li>
            Vastaamme kaverin huolimattomuudesta aiheutuneista välittömistä vahingoista voimassa olevan lain mukaisesti.
            Emme vastaa välillisistä vahingoista, emmekä vahingoista, jotka johtuvat asiakkaan antamista virheellisistä
            tiedoista tai ohjeista.
          </li>
          <li>
            Arvoesineet, käteinen raha ja tärkeät asiakirjat on hyvä pitää poissa esillä olevista paikoista. Kaveri ei
            säilytä asiakkaan avaimia käynnin jälkeen, ellei siitä ole erikseen sovittu kirjallisesti.
          </li>
          <li>
            Emme vastaa viivästyksistä, jotka johtuvat ylivoimaisesta esteestä, kuten poikkeuksellisista sääoloista tai
            yleisen liikenteen häiriöistä. Ilmoitamme tällaisesta esteestä viipymättä.
          </li>
          <li>
            Nämä rajoitukset eivät rajoita kuluttajan lakisääteisiä oikeuksia.
          </li>
        </ul>

        <h2 id="reklamaatiot">8. Palaute, reklamaatiot ja riidat</h2>
        <p>
          Kerro meille kohtuullisessa ajassa, jos olet tyytymätön palveluun: sähköpostilla{" "}
          <a href={`mailto:${contact.email}`}>{contact.email}</a> tai puhelimitse{" "}
          <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>{contact.phone}</a>. Pyrimme ratkaisemaan asian
          ensin yhdessä kanssasi. Kuluttaja-asiakas voi viedä erimielisyyden kuluttajariitalautakunnan käsiteltäväksi
          (kuluttajariita.fi) ja saada neuvoja kuluttajaneuvonnasta. Sopimukseen sovelletaan Suomen lakia.
        </p>

        <h2 id="muutokset">9. Ehtojen muuttaminen ja yhteystiedot</h2>
        <p>
          Voimme muuttaa näitä ehtoja. Jo vahvistettuihin varauksiin sovelletaan varaushetken ehtoja. Olennaisista
          muutoksista kerromme rekisteröityneille käyttäjille sähköpostilla ennen muutoksen voimaantuloa.
        </p>
        <p>
          Henkilötietojen käsittelystä kerrotaan <Link to="/tietosuoja">tietosuojaselosteessa</Link>. Kysymykset
          ehdoista: <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
      </Prose>
    </PageLayout>
  );
}
