import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageLayout } from "~/components/layout";
import { Prose } from "~/components/prose";
import { getDb } from "~/db.server";
import { getCompanyInfo, getContactInfo } from "~/models/settings.server";
import { cachingHeaders, contentPageHeaders } from "~/services/http-cache.server";
import type { RouteHandle } from "~/root";

/** Works fully as HTML: no JavaScript is sent for this page (root.tsx). */
export const handle: RouteHandle = { hydrate: false };

// The privacy notice (GDPR articles 13 and 14). The controller's details come from the settings so
// the notice always names the company that actually runs the service.
export async function loader({ request }: LoaderFunctionArgs) {
  const db = await getDb();
  const [company, contact] = await Promise.all([getCompanyInfo(db), getContactInfo(db)]);
  return data({ company, contact }, { headers: contentPageHeaders(request) });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => cachingHeaders(loaderHeaders);

export const meta: MetaFunction = () => [
  { title: "Tietosuojaseloste – Arkikaveri" },
  {
    name: "description",
    content: "Miten Arkikaveri käsittelee asiakkaiden ja kavereiden henkilötietoja, ja mitkä ovat oikeutesi.",
  },
];

const NOTICE_UPDATED = "27.11.2026";

export default function PrivacyNotice() {
  const { company, contact } = useLoaderData<typeof loader>();
  const mail = <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  return (
    <PageLayout narrow>
      <Prose>
        <h1>Tietosuojaseloste</h1>
        <p>Päivitetty {NOTICE_UPDATED}.</p>
        <p>
          Tässä selosteessa kerromme, mitä henkilötietoja Arkikaveri-palvelu käsittelee, mihin tarkoitukseen ja millä
          perusteella, kenelle tietoja luovutetaan, kuinka kauan niitä säilytetään ja mitä oikeuksia sinulla on.
          Seloste perustuu EU:n yleiseen tietosuoja-asetukseen (2016/679) ja tietosuojalakiin (1050/2018).
        </p>

        <h2 id="omat-tiedot">Omat tietosi ja luvat omalla sivulla</h2>
        <p>Voit hoitaa nämä asiat itse. Kirjaudu ensin sisään.</p>
        <ul>
          <li>
            <Link to="/portal/profile#lataa-tietoni">Lataa tietoni</Link>: saat kaikki tietosi yhtenä tiedostona.
            Lähetämme latauslinkin sähköpostiisi.
          </li>
          <li>
            <Link to="/portal/profile#poista-tili">Poista tili</Link>: poistamme tilisi ja tietosi 7 päivän kuluttua.
            Voit vielä perua poiston sinä aikana.
          </li>
          <li>
            <Link to="/portal/profile#suostumukset">Suostumukset</Link>: näet, mihin olet antanut luvan. Voit antaa
            luvan tai perua sen yhdellä painalluksella.
          </li>
          <li>
            <Link to="/portal/verotiedot">Verotiedot</Link>: kotitalousvähennyksen yhteenveto maksamistasi
            tunneista veroilmoitusta varten.
          </li>
        </ul>

        <nav aria-label="Sisällys">
          <h2>Sisällys</h2>
          <ol>
            <li><a href="#rekisterinpitaja">Rekisterinpitäjä ja yhteyshenkilö</a></li>
            <li><a href="#tiedot">Mitä tietoja käsittelemme</a></li>
            <li><a href="#tarkoitukset">Käsittelyn tarkoitukset ja oikeusperusteet</a></li>
            <li><a href="#lahteet">Mistä tiedot saadaan</a></li>
            <li><a href="#vastaanottajat">Tietojen vastaanottajat ja käsittelijät</a></li>
            <li><a href="#siirrot">Tietojen siirto EU:n ja ETA:n ulkopuolelle</a></li>
            <li><a href="#sailytys">Säilytysajat</a></li>
            <li><a href="#suostumukset">Luvat eli suostumukset</a></li>
            <li><a href="#evasteet">Evästeet</a></li>
            <li><a href="#suojaus">Tietojen suojaaminen</a></li>
            <li><a href="#oikeudet">Sinun oikeutesi</a></li>
          </ol>
        </nav>

        <h2 id="rekisterinpitaja">1. Rekisterinpitäjä ja yhteyshenkilö</h2>
        <p>
          {company.name} (Y-tunnus {company.businessId})
          <br />
          {company.address}, {company.postalCode} {company.city}
          <br />
          Sähköposti: {mail}, puhelin{" "}
          <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>{contact.phone}</a>
        </p>
        <p>Kaikki tietosuojaa koskevat kysymykset ja pyynnöt voit lähettää yllä olevaan sähköpostiosoitteeseen.</p>

        <h2 id="tiedot">2. Mitä tietoja käsittelemme</h2>
        <h3>Asiakkaat ja varaajat</h3>
        <ul>
          <li>yhteystiedot: nimi, sähköpostiosoite, puhelinnumero ja osoite</li>
          <li>
            varauksen tiedot: palvelu, päivä ja kellonaika, kesto, käyntiosoite, tehtävän kuvaus ja varausnumero sekä
            palvelun saajan nimi ja yhteystiedot, jos varaat palvelun toiselle henkilölle
          </li>
          <li>
            maksu- ja laskutustiedot: maksutapa, summat, maksun tila, laskut ja viitenumerot (korttitiedot käsittelee
            vain maksunvälittäjä, emme me)
          </li>
          <li>käyttäjätili: sähköposti, salasanan tiiviste (salasanaa ei tallenneta), rooli ja kirjautumistiedot</li>
          <li>viestit asiakaspalvelulle ja kaverille sekä palaute ja arviot</li>
          <li>luvat eli suostumukset: mihin annoit luvan tai peruit sen, milloin ja miten</li>
        </ul>
        <h3>Kaverit ja kaveriksi hakeneet</h3>
        <ul>
          <li>nimi, syntymäaika, yhteystiedot, osoite ja kuva</li>
          <li>esittely, palvelut, kielet, kulkuneuvo ja toiminta-alue</li>
          <li>
            tarkistusten tulokset: merkintä siitä, että henkilöllisyys, rikostausta, vakuutus ja koulutus on
            tarkistettu (emme tallenna rikostaustaotetta itseään)
          </li>
          <li>tehtävät, ansiot, tilitykset ja saadut arviot</li>
        </ul>
        <h3>Kaikki sivuston käyttäjät</h3>
        <ul>
          <li>yhteydenottolomakkeella lähetetyt nimi, sähköposti, puhelinnumero ja viesti</li>
          <li>tekniset lokitiedot: IP-osoite, selaimen tiedot, pyydetty sivu ja aika</li>
        </ul>
        <p>
          Pyydämme, ettet kirjoita varauksen kuvaukseen tarpeettomia terveystietoja. Jos kerrot niistä (esimerkiksi
          liikkumisen apuvälineestä), käsittelemme tietoa vain palvelun toteuttamiseksi ja sinun nimenomaisella
          suostumuksellasi.
        </p>

        <h2 id="tarkoitukset">3. Käsittelyn tarkoitukset ja oikeusperusteet</h2>
        <dl>
          <dt>Varausten toteuttaminen, asiakassuhteen hoito ja kaverin kanssa toimiminen</dt>
          <dd>Sopimuksen täytäntöönpano (tietosuoja-asetuksen 6 artiklan 1 kohdan b alakohta).</dd>
          <dt>Maksut, laskutus ja kirjanpito</dt>
          <dd>Sopimus sekä lakisääteinen velvoite (6.1 c), esimerkiksi kirjanpitolaki ja arvonlisäverolaki.</dd>
          <dt>Kaverihakemusten käsittely ja kavereiden taustan tarkistaminen</dt>
          <dd>
            Hakijan pyynnöstä tehtävät toimet ennen sopimusta ja sopimus (6.1 b) sekä hakijan antama suostumus
            tietojen käsittelyyn (6.1 a).
          </dd>
          <dt>Palvelun turvallisuus, väärinkäytösten estäminen ja lokit</dt>
          <dd>Oikeutettu etu (6.1 f): asiakkaiden, kavereiden ja palvelun suojaaminen.</dd>
          <dt>Yhteydenottoihin vastaaminen</dt>
          <dd>Oikeutettu etu (6.1 f) vastata sinun meille lähettämääsi viestiin.</dd>
          <dt>Palvelun kehittäminen ja asiakaskysely hyväntekeväisyyskohteesta</dt>
          <dd>Oikeutettu etu (6.1 f). Kyselyyn vastaaminen on vapaaehtoista.</dd>
          <dt>Terveystiedot, jos kerrot niistä</dt>
          <dd>Nimenomainen suostumus (9 artiklan 2 kohdan a alakohta), jonka voit perua milloin tahansa.</dd>
        </dl>
        <p>
          Emme käytä tietojasi automaattiseen päätöksentekoon tai profilointiin, emmekä lähetä suoramarkkinointia ilman
          suostumustasi.
        </p>

        <h2 id="lahteet">4. Mistä tiedot saadaan</h2>
        <p>
          Saamme tiedot pääosin sinulta itseltäsi: varauksesta, käyttäjätililtä, hakemuksesta ja viesteistä.
          Omainen voi antaa palvelun saajan tiedot varatessaan palvelun tämän puolesta. Maksunvälittäjä
          kertoo meille maksun tilan. Kaverin tehtävään liittyvät merkinnät syntyvät palvelun käytöstä.
        </p>

        <h2 id="vastaanottajat">5. Tietojen vastaanottajat ja käsittelijät</h2>
        <p>Emme myy henkilötietoja. Tietoja käsittelevät vain ne, jotka tarvitsevat niitä tehtävässään:</p>
        <ul>
          <li>
            Varauksen kaveri näkee tehtävän hoitamiseen tarvittavat tiedot: nimen, käyntiosoitteen, ajankohdan,
            kuvauksen ja tarvittaessa puhelinnumeron.
          </li>
          <li>
            Maksunvälittäjä Stripe (Stripe Payments Europe Ltd, Irlanti) käsittelee verkkomaksut: kortti-, MobilePay- ja
            Klarna-maksut. Klarnalla maksettaessa Klarna Bank AB toimii lisäksi itsenäisenä rekisterinpitäjänä.
          </li>
          <li>Palvelin- ja tietokantapalvelujen tarjoaja, jonka palvelimet sijaitsevat EU:ssa.</li>
          <li>Sähköpostin välityspalvelu, joka toimittaa varausvahvistukset, laskut ja muut viestit.</li>
          <li>Kirjanpitäjä ja tilintarkastaja lakisääteisten velvoitteiden hoitamiseksi.</li>
          <li>Viranomaiset, kun laki velvoittaa luovuttamaan tietoja (esimerkiksi Verohallinto).</li>
        </ul>
        <p>Käsittelijöiden kanssa on tehty tietosuoja-asetuksen 28 artiklan mukaiset sopimukset.</p>

        <h2 id="siirrot">6. Tietojen siirto EU:n ja ETA:n ulkopuolelle</h2>
        <p>
          Käsittelemme tietoja ensisijaisesti EU:ssa. Maksunvälittäjä voi siirtää tietoja Yhdysvaltoihin. Siirrot
          perustuvat EU:n ja Yhdysvaltojen väliseen tietosuojakehykseen (Data Privacy Framework) tai Euroopan komission
          vakiosopimuslausekkeisiin.
        </p>

        <h2 id="sailytys">7. Säilytysajat</h2>
        <p>Säilytämme tietoja vain niin kauan kuin niitä tarvitaan. Tässä kerromme, mitä säilytämme, miksi ja kuinka kauan.</p>
        <dl>
          <dt>Tilaukset, laskut, kuitit ja maksut</dt>
          <dd>
            Laki velvoittaa säilyttämään kirjanpidon tositteet (kirjanpitolaki). Säilytämme ne sen vuoden loppuun, joka
            on kuusi vuotta maksuvuoden jälkeen. Esimerkiksi vuonna 2026 maksettu lasku poistetaan vuoden 2032 lopussa.
            Jos poistat tilisi, siirrämme nämä tiedot erilliseen kirjanpitoarkistoon, ja ne poistetaan sieltä samana
            päivänä.
          </dd>
          <dt>Viestit</dt>
          <dd>
            Viestit kaverille ja asiakaspalvelulle tarvitaan käyntien hoitamiseen. Säilytämme ne niin kauan kuin tilisi
            on olemassa. Yhteydenottolomakkeen viestit säilytämme kaksi vuotta, ellei asia vaadi pidempää säilytystä.
          </dd>
          <dt>Kuvat</dt>
          <dd>
            Kaverin kuva näytetään asiakkaille, kun he valitsevat kaveria. Säilytämme sen niin kauan kuin kaverin tili on
            olemassa. Keskeneräisen kaverihakemuksen kuva poistetaan kahden tunnin kuluttua.
          </dd>
          <dt>Luvat eli suostumukset</dt>
          <dd>
            Kirjaamme, milloin annoit tai peruit luvan ja millä tekstillä. Näin voimme osoittaa, mihin olet suostunut.
            Säilytämme merkinnät niin kauan kuin tilisi on olemassa.
          </dd>
          <dt>Lokit</dt>
          <dd>
            Tekniset lokit tarvitaan palvelun turvallisuuteen ja vikojen selvittämiseen. Säilytämme ne enintään 90
            päivää. Lähettämämme sähköpostit ja tekstiviestit säilytämme samoin enintään 90 päivää.
          </dd>
          <dt>Kirjautumiset</dt>
          <dd>Kirjautuminen on voimassa enintään 30 päivää. Sen jälkeen tieto kirjautumisesta poistetaan.</dd>
          <dt>Tietojen lataus</dt>
          <dd>Kun pyydät tietosi, latauslinkki ja tiedosto ovat voimassa 7 päivää. Sen jälkeen ne poistetaan.</dd>
          <dt>Poistettu tili</dt>
          <dd>
            Kun poistat tilisi, tiedot poistetaan 7 päivän kuluttua. Sitä ennen voit perua poiston. Tilausten
            postinumero ja kaupunki jäävät tilastoja varten, ilman nimeä. Kirjanpidon tositteet säilyvät arkistossa
            yllä kerrotun ajan.
          </dd>
          <dt>Käyttäjätili</dt>
          <dd>
            Niin kauan kuin tili on käytössä. Poistamme tiedot viimeistään kahden vuoden kuluttua viimeisestä käytöstä.
            Lähetämme sinulle sähköpostia noin kuukautta ennen poistoa. Tili säilyy, kun kirjaudut sisään.
          </dd>
          <dt>Varaus ilman tiliä</dt>
          <dd>
            Jos varasit kirjautumatta etkä luonut tiliä, poistamme yhteystietosi kahden vuoden kuluttua viimeisestä
            käynnistäsi. Kirjanpidon tositteet siirrämme kirjanpitoarkistoon.
          </dd>
          <dt>Kavereiden tiedot</dt>
          <dd>
            Yhteistyön ajan ja kaksi vuotta sen päättymisestä. Ansioihin liittyvä kirjanpitoaineisto säilytetään kuten
            laskut. Hylättyjen kaverihakemusten tiedot poistetaan kuuden kuukauden kuluttua päätöksestä.
          </dd>
        </dl>

        <h2 id="suostumukset">8. Luvat eli suostumukset</h2>
        <p>Pyydämme lupaasi näihin asioihin:</p>
        <ul>
          <li>Uutiset ja tarjoukset sähköpostiin. Lupa on vapaaehtoinen.</li>
          <li>Muistutus tekstiviestinä ennen kaverin käyntiä. Lupa on vapaaehtoinen.</li>
          <li>Kaverin tietojen käsittely. Kaveriksi hakeva antaa luvan hakemuksen yhteydessä.</li>
        </ul>
        <p>
          Voit perua luvan yhtä helposti kuin annoit sen: yhdellä painalluksella{" "}
          <Link to="/portal/profile#suostumukset">omalla sivullasi</Link>. Varaukseen liittyvät viestit tulevat silti
          aina: vahvistukset, muistutukset sähköpostiin, laskut ja kuitit.
        </p>

        <h2 id="evasteet">9. Evästeet</h2>
        <p>
          Käytämme vain palvelun toiminnalle välttämättömiä evästeitä: kirjautumisen istuntoevästettä ja lyhytaikaista
          evästettä, joka näyttää ilmoituksen (esimerkiksi &quot;Kiitos viestistäsi!&quot;) seuraavalla sivulla. Emme käytä
          seuranta- tai mainosevästeitä, joten niihin ei pyydetä suostumusta.
        </p>

        <h2 id="suojaus">10. Tietojen suojaaminen</h2>
        <p>
          Yhteys palveluun on salattu. Salasanat tallennetaan vain tiiviste- eli hash-muodossa. Henkilökunnan pääsy
          tietoihin on rajattu tehtävien mukaan, ja tilausten tilamuutoksista pidetään lokia. Korttitiedot käsittelee
          vain maksunvälittäjä.
        </p>

        <h2 id="oikeudet">11. Sinun oikeutesi</h2>
        <p>Sinulla on oikeus:</p>
        <ul>
          <li>
            saada tietää, mitä tietoja sinusta käsitellään, ja saada niistä jäljennös (15 artikla): käytä kohtaa{" "}
            <Link to="/portal/profile#lataa-tietoni">Lataa tietoni</Link>
          </li>
          <li>vaatia virheellisten tietojen korjaamista (16 artikla)</li>
          <li>
            vaatia tietojen poistamista, kun niitä ei enää tarvita tai laki ei velvoita säilyttämään niitä (17 artikla):
            käytä kohtaa <Link to="/portal/profile#poista-tili">Poista tili</Link>
          </li>
          <li>vaatia käsittelyn rajoittamista (18 artikla)</li>
          <li>saada antamasi tiedot koneluettavassa muodossa ja siirtää ne toiselle (20 artikla)</li>
          <li>vastustaa oikeutettuun etuun perustuvaa käsittelyä (21 artikla)</li>
          <li>
            perua antamasi suostumus milloin tahansa kohdassa{" "}
            <Link to="/portal/profile#suostumukset">Suostumukset</Link>; peruminen ei vaikuta aiemman käsittelyn
            lainmukaisuuteen
          </li>
        </ul>
        <p>
          Lähetä pyyntö osoitteeseen {mail}. Vastaamme kuukauden kuluessa. Voimme pyytää sinua todistamaan
          henkilöllisyytesi, jotta tietoja ei luovuteta väärälle henkilölle.
        </p>
        <p>
          Jos katsot, että tietojasi käsitellään lainvastaisesti, voit tehdä valituksen valvontaviranomaiselle:
          Tietosuojavaltuutetun toimisto, <a href="https://tietosuoja.fi">tietosuoja.fi</a>.
        </p>
        <p>
          Palvelun käyttöä koskevat ehdot ovat <Link to="/kayttoehdot">käyttöehdoissa</Link>.
        </p>
      </Prose>
    </PageLayout>
  );
}
