// The words of every e-mail's house layout (app/services/email.server.ts): the footer and the line
// under the button for a mail program that does not show it.

export const emailLayoutTexts = {
  footer: "Arkikaveri – apua ja seuraa arkeen",
  buttonFallback: "Jos painike ei toimi, kopioi tämä osoite selaimesi osoiteriville:",
} as const;
