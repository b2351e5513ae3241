// The bot check's messages (spec 001 §8, in plain words: "Varmistus", never "Captcha").

export const botCheckMessages = {
  /** Nothing was submitted: neither a widget payload nor an answer. */
  required: "Tee varmistus ennen lähettämistä",
  /** The browser's own validation message of the widget's checkbox. */
  pleaseVerify: "Ole hyvä ja tee varmistus",
  /** A wrong answer, a forged or reused token. */
  failed: "Varmistus epäonnistui. Päivitä sivu ja yritä uudelleen.",
  /** The widget gave up solving (after BOT_CHECK_WIDGET_TIMEOUT_MS). */
  timeout: "Varmistus aikakatkaistiin. Yritä uudelleen.",
  /** The form was sent before the widget had finished: it goes by itself once it has. */
  waiting: "Tarkistetaan… Lomake lähtee heti, kun varmistus on valmis.",
  /** The challenge or the question was older than its lifetime. */
  expired: "Varmistus vanheni. Tee varmistus uudelleen.",
  /** Above the question when the page answers a sent form: each sending asks a new sum. */
  renewed: "Lasku vaihtui. Vastaa uuteen laskuun.",
} as const;

/** The question of the self-hosted check. */
export function botCheckQuestion(a: number, b: number): string {
  return `Paljonko on ${a} + ${b}?`;
}
