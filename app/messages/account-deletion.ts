// Texts of "Poista tili" (issue 29 item 3; decision 0034) that the profile page's section shows.
// The rest (answers, the e-mail, the link's page, the sign-in refusal, the back office) is in
// ./account-deletion-notices.ts, so that the profile page's bundle carries only these.

export const accountDeletionMessages = {
  heading: "Poista tili",
  intro: "Voit poistaa tilisi ja tietosi. Poisto tapahtuu 7 päivän kuluttua. Sitä ennen voit perua sen sähköpostiisi tulevasta linkistä.",
  whatGoes:
    "Poistamme nimesi, sähköpostiosoitteesi, puhelinnumerosi, osoitteesi, aiemmat saajat, viestit, kuvan ja kirjautumistiedot. Tilausten postinumero ja kaupunki jäävät tilastoihin ilman nimeä.",
  whatStays:
    "Laskut, kuitit, maksut ja kotitalousvähennysyhteenvedot säilytämme kirjanpitolain vuoksi erillisessä arkistossa kuuden vuoden ajan vuoden lopusta. Sen jälkeen ne poistetaan. Kirjoittamasi arviot jäävät näkyviin ilman nimeäsi.",
  signOutNote: "Kun vahvistat poiston, sinut kirjataan ulos etkä voi enää kirjautua tälle tilille.",
  passwordLabel: "Salasana",
  confirmLabel: "Kirjoita vahvistukseksi sana POISTA",
  confirmHint: "Isot tai pienet kirjaimet, kumpi tahansa.",
  submit: "Poista tili",
  busy: "Poistetaan…",
  failed: "Tilin poisto epäonnistui",
  // Blockers
  blockedHeading: "Tiliä ei voi vielä poistaa",
  blockedIntro: "Tiliä ei voi poistaa, kun sinulla on tulevia käyntejä tai maksamattomia laskuja.",
  futureVisitsHeading: "Tulevat käynnit",
  unpaidInvoicesHeading: "Maksamattomat laskut",
  unpaidInvoicesHint: "Maksa laskut ennen tilin poistoa. Maksun kirjautuminen voi kestää muutaman päivän.",
  cancelAllSubmit: "Peru kaikki tulevat käynnit",
  cancelAllBusy: "Perutaan…",
  cancelAllHint: "Käynnit perutaan tavallisin peruutusehdoin: maksutta viimeistään 24 tuntia ennen käynnin alkua, myöhemmin peruutusmaksu.",
  helperVisitsHint: "Tulevat käyntisi siirretään toiselle kaverille. Ota yhteyttä asiakaspalveluun, niin hoidamme siirron.",
} as const;
