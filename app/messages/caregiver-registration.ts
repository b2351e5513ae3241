// Texts of the caregiver registration (/rekisteroidy-kaveriksi; spec 001 §5 and §8 verbatim where
// given). Passwords follow the one password rule of app/schemas/fields.ts and its messages.

export const caregiverRegistrationMessages = {
  firstNameRequired: "Etunimi on pakollinen",
  lastNameRequired: "Sukunimi on pakollinen",
  addressRequired: "Osoite on pakollinen",
  cityRequired: "Kaupunki on pakollinen",
  adultsOnly: "Palvelu on tarkoitettu täysi-ikäisille",
  postalCode: "Syötä 5-numeroinen postinumero",
  phone: "Syötä suomalainen puhelinnumero muodossa +358… tai 04…",
  email: "Tarkista sähköpostiosoite",
  profileImage: "Lataa selkeä kasvokuva (jpg/png, max 5 Mt)",
  /** Without JavaScript a browser cannot keep a chosen file after an error: it must be chosen again. */
  profileImageAgain: "Valitse kuva uudelleen: selain ei voi säilyttää valittua kuvaa, kun lomakkeessa on virhe.",
  termsAccepted: "Hyväksy käyttöehdot jatkaaksesi",
  dataProcessingAccepted: "Anna lupa tietojen käsittelyyn",
  bioRequired: "Kirjoita lyhyt esittely",
  bioTooLong: "Esittely voi olla enintään 400 merkkiä",
  servicesRequired: "Valitse vähintään yksi palvelu",
  languagesRequired: "Valitse vähintään yksi kieli",
  // §8
  unexpected: "Tapahtui virhe. Yritä uudelleen.",
  accountCreationFailed: "Käyttäjän luonti epäonnistui",
  registrationFailed: "Rekisteröinti epäonnistui. Yritä uudelleen.",
  registrationSucceeded: "Rekisteröinti onnistui!",
  // Where the spec is silent.
  dateOfBirthRequired: "Syötä syntymäaika",
  dateOfBirthInvalid: "Tarkista syntymäaika",
  otherCityRequired: "Kirjoita paikkakunnan nimi",
  transportationInvalid: "Valitse yksi vaihtoehdoista",
  textTooLong: "Teksti on liian pitkä",
  draftExpired: "Lomakkeen tiedot ehtivät vanhentua. Täytä ensimmäisen vaiheen tiedot uudelleen.",
  /** The browser's upload arrived broken (cut off or malformed): nothing of it can be read. */
  formUnreadable: "Lomakkeen lähetys ei onnistunut. Tarkista tiedot ja lähetä lomake uudelleen.",
} as const;

/** A post whose intent is neither step (a forged or outdated form); the server's answer only. */
export const UNKNOWN_FORM_MESSAGE = "Tuntematon lomake";

// The form's choices by id; the ids and their order are the schema's (app/schemas/caregiver-registration.ts).

/** Each service category a helper can offer (spec 001 §3). */
export const serviceOptionTexts = {
  errands: { label: "Asiointiapu", description: "Kauppa-, pankki- ja postiasiat" },
  companionship: { label: "Juttuseura ja seurustelu", description: "Keskustelua, kahvihetkiä, lukemista, pelejä" },
  light_cleaning: { label: "Kevyt kotiapu", description: "Pienet kotityöt, kevyt siivous ja pyykit" },
  outdoor_walks: { label: "Ulkoiluseura", description: "Kävelylenkit, puistot ja torit" },
  digital_help: { label: "Digikaveri", description: "Puhelimet, tabletit, tietokoneet ja videopuhelut" },
  yard_work: { label: "Kevyet pihatyöt", description: "Haravointi, lumityöt ja muut kevyet pihatyöt" },
} as const;

export const languageOptionTexts = {
  suomi: "Suomi",
  ruotsi: "Ruotsi",
  englanti: "Englanti",
  muu: "Muu",
} as const;

export const transportationOptionTexts = {
  none: { label: "Ei ajokorttia tai autoa", description: "Liikun kävellen, pyörällä tai julkisilla." },
  license: { label: "Ajokortti", description: "Voin ajaa asiakkaan autoa." },
  car: { label: "Ajokortti ja oma auto", description: "Voin kuljettaa asiakasta omalla autollani." },
} as const;

/**
 * The data-processing checkbox's label around its link to /tietosuoja: the wording of consent
 * version tietojenkäsittely-1 (app/messages/consent-wordings.ts), logged when the application is stored.
 */
export const registrationConsentLabel = {
  before: "Annan luvan tietojeni käsittelyyn",
  link: "tietosuojaselosteen",
  after: "mukaisesti",
} as const;
