// The booking forms' texts of the reminders' own choices (issue 28 items 1 and 2; decision 0031):
// "Muistutus tekstiviestinä" and the recipient's optional e-mail. The same words in the public
// contact step and the signed-in wizards.

export const SMS_REMINDER_LABEL = "Muistutus tekstiviestinä";
export const SMS_REMINDER_HINT =
  "Lähetämme muistutuksen tekstiviestinä päivää ennen käyntiä: palvelun saajan puhelinnumeroon, kun tilaat toiselle, muuten omaan numeroosi. Numeron on oltava suomalainen matkapuhelinnumero.";

export const RECIPIENT_EMAIL_LABEL = "Saajan sähköposti (vapaaehtoinen)";
export const RECIPIENT_EMAIL_HINT = "Saaja saa oman muistutuksensa sähköpostiin päivää ennen käyntiä.";
