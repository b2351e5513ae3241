// Texts of the portal's profile page (spec 001 §5 "Profile", "Password change", "Caregiver
// profile" and §8 "Profile", verbatim where given). The name, phone and password rules are the
// shared ones of app/schemas/fields.ts with their messages (app/messages/fields.ts, auth.ts).

export const profileMessages = {
  // §8
  profileSaved: "Profiili päivitetty onnistuneesti!",
  profileFailed: "Profiilin päivitys epäonnistui",
  passwordChanged: "Salasana vaihdettu onnistuneesti!",
  passwordFailed: "Salasanan vaihto epäonnistui",
  caregiverSaved: "Kaveriprofiilin tiedot päivitetty!",
  caregiverFailed: "Kaveriprofiilin päivitys epäonnistui",
  // §5 "Caregiver profile"
  bioTooLong: "Esittely liian pitkä (max 2000 merkkiä)",
  // Where the spec is silent.
  citiesInvalid: "Valitse kaupungit listasta",
  noChanges: "Ei muutoksia tallennettavaksi",
  /** After a password change, said beside the success toast. */
  otherSessionsSignedOut: "Sinut kirjattiin ulos kaikilta muilta laitteilta. Tällä laitteella olet yhä kirjautuneena.",
  /** The answer when the current password was tried too often. */
  tooManyAttempts: (minutes: number) => `Liian monta yritystä. Yritä uudelleen ${minutes} minuutin kuluttua.`,
} as const;
