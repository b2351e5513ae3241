// The words of a guest's invoice order that waits for its e-mail address to confirm it (issue 12,
// finding 7; docs/decisions/0012). Apart from ./booking.ts, so that the booking steps' browser
// bundle does not carry the result pages' texts.

/** A guest's invoice order that waits for its e-mail address to confirm it (issue 12, finding 7). */
export const orderEmailConfirmationTexts = {
  heading: "Vahvista varauksesi",
  button: "Vahvista varaus",
  emailSubject: (orderNumber: string) => `Vahvista varauksesi ${orderNumber} – Arkikaveri`,
  emailIntro: (email: string, orderNumber: string) =>
    `Osoitteella ${email} tehtiin juuri varaus ${orderNumber}. Koska samalla osoitteella on tänään tehty jo useita laskulla maksettavia varauksia, varmistamme, että varaus on sinun.`,
  emailDeadline: (deadline: string) =>
    `Vahvista varaus viimeistään ${deadline}. Jos et vahvista sitä, varaus perutaan ja aika vapautuu muille.`,
  emailNotYou: "Jos et tehnyt tätä varausta, voit jättää viestin huomiotta: varaus perutaan itsestään.",
  /** On the result page right after booking. */
  pending: (email: string, deadline: string) =>
    `Varaus odottaa vahvistustasi. Lähetimme osoitteeseen ${email} viestin, jonka painikkeella vahvistat varauksen. Vahvista se viimeistään ${deadline}, muuten varaus perutaan. Lasku ja varausvahvistus lähetetään, kun olet vahvistanut varauksen.`,
  pagePrompt: "Vahvista alla oleva varaus painamalla painiketta. Sen jälkeen saat varausvahvistuksen ja laskun sähköpostiisi.",
  invalidLink: "Vahvistuslinkki on vanhentunut tai jo käytetty. Jos varausta ei vahvistettu ajoissa, se on peruutettu. Voit tehdä uuden varauksen.",
  confirmed: "Varaus vahvistettu",
} as const;

/**
 * The e-mail's line of the visit: service, weekday and date, and the time range (which says "klo"
 * itself). Apart from the texts above, which the result page ships to the browser.
 */
export function orderConfirmationVisitLine(serviceName: string, weekdayDate: string, timeRange: string): string {
  return `${serviceName}, ${weekdayDate} ${timeRange}`;
}
