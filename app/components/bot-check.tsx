import type { LinkDescriptor } from "@remix-run/node";
import altchaStyles from "altcha/altcha.css";
import { useActionData } from "@remix-run/react";
import { createElement, useEffect, useRef, useState } from "react";
import {
  ALTCHA_CHALLENGE_URL,
  BOT_CHECK_FIELDS,
  BOT_CHECK_WIDGET_TIMEOUT_MS,
  type BotCheckChallenge,
} from "~/schemas/bot-check";
import { botCheckMessages } from "~/messages/bot-check";
import botCheckStyles from "./bot-check.css";
import { FieldError } from "./form-parts";
import { holdSubmitter } from "./held-submit";

// The bot check of public forms (DESIGN.md decision 10). The page is rendered with the signed
// question "Paljonko on A + B?", which is all a browser without JavaScript ever sees. Once React
// has hydrated, the question gives way to the ALTCHA widget, which solves a small proof-of-work by
// itself while the visitor fills in the form. The server accepts either
// (app/services/bot-check.server.ts). The widget is bundled by Remix and loaded only in the
// browser, and only when it is about to be needed: when the visitor steps into the form or the
// check comes near the screen (35 KB gzipped that a visitor who only looks never downloads). Its
// styles come from a linked stylesheet, so the strict CSP (style-src 'self') holds.

/**
 * The stylesheets the widget needs; spread them into the route's `links`. The id makes the widget
 * skip injecting its own <style> element, which the CSP would refuse.
 */
export function botCheckLinks(): LinkDescriptor[] {
  const altchaLink = { rel: "stylesheet", href: altchaStyles, id: "altcha-css" } as LinkDescriptor;
  return [altchaLink, { rel: "stylesheet", href: botCheckStyles }];
}

/** The widget's texts: Finnish, with the spec's captcha messages where it has one. */
const widgetStrings = {
  ariaLinkLabel: "ALTCHA (virallinen verkkosivusto)",
  cancel: "Peruuta",
  enterCode: "Syötä koodi",
  enterCodeAria: "Kirjoita kuulemasi koodi. Paina välilyöntiä toistaaksesi äänen.",
  enterCodeFromImage: "Jatkaaksesi syötä alla olevan kuvan koodi.",
  error: botCheckMessages.failed,
  expired: botCheckMessages.expired,
  footer: "",
  getAudioChallenge: "Hae äänitehtävä",
  label: "En ole robotti",
  loading: "Ladataan...",
  reload: "Lataa uudelleen",
  verify: "Vahvista",
  verificationRequired: botCheckMessages.required,
  verified: "Vahvistettu",
  verifying: "Vahvistetaan...",
  waitAlert: "Vahvistetaan... odota hetki.",
};

const widgetConfiguration = {
  // Starts working as soon as the visitor steps into the form, so it is usually done before they
  // reach the end; a tick in the box does the same for someone who goes straight there.
  auto: "onfocus",
  hideFooter: true,
  hideLogo: true,
  // No behavioural data is collected: the proof-of-work is the whole check.
  humanInteractionSignature: false,
  timeout: BOT_CHECK_WIDGET_TIMEOUT_MS,
  validationMessage: botCheckMessages.pleaseVerify,
};

interface AltchaGlobal {
  i18n: { set: (language: string, strings: Record<string, string>) => void };
}

let widgetModule: Promise<unknown> | undefined;
function loadWidget(): Promise<unknown> {
  widgetModule ??= import("altcha").then((module) => {
    (globalThis as typeof globalThis & { $altcha?: AltchaGlobal }).$altcha?.i18n.set("fi", widgetStrings);
    return module;
  });
  return widgetModule;
}

/** The widget needs Web Components and WebCrypto, which browsers offer only on https or localhost. */
function widgetCanRun(): boolean {
  return typeof customElements !== "undefined" && window.isSecureContext && typeof crypto?.subtle !== "undefined";
}

export interface BotCheckProps {
  challenge: BotCheckChallenge;
  /**
   * The id the error summary links to (e.g. `${form.id}-botCheck`): the answer field, or the
   * widget's box when JavaScript runs.
   */
  id: string;
  error?: string;
}

type Mode = "server" | "widget" | "question";

/** How near the screen the check must come before the widget is loaded. */
const LOAD_MARGIN = "0px 0px 300px 0px";

/**
 * Calls `load` once, when the visitor first steps into (focus, touch, click) the form around
 * `element` or `element` comes within LOAD_MARGIN of the screen; returns the clean-up.
 */
function whenNeeded(element: HTMLElement, load: () => void): () => void {
  const form = element.closest("form") ?? element;
  let observer: IntersectionObserver | undefined;
  const stop = () => {
    form.removeEventListener("focusin", start);
    form.removeEventListener("pointerdown", start);
    observer?.disconnect();
  };
  function start() {
    stop();
    load();
  }
  form.addEventListener("focusin", start);
  form.addEventListener("pointerdown", start);
  if (typeof IntersectionObserver === "undefined") {
    start();
  } else {
    observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
      rootMargin: LOAD_MARGIN,
    });
    observer.observe(element);
  }
  // Focus already inside the form (autofocus, or a return to the page) counts as stepping in.
  if (document.activeElement && document.activeElement !== document.body && form.contains(document.activeElement)) start();
  return stop;
}

export function BotCheck({ challenge, id, error }: BotCheckProps) {
  // "server" is the server render and the first client render (they must match): the question,
  // hidden by CSS when the page has JavaScript (html.js .only-no-js) until the widget is ready.
  const [mode, setMode] = useState<Mode>("server");
  const fieldset = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    let cancelled = false;
    if (!widgetCanRun() || !fieldset.current) {
      setMode("question");
      return;
    }
    const stop = whenNeeded(fieldset.current, () => {
      loadWidget().then(
        () => !cancelled && setMode("widget"),
        () => !cancelled && setMode("question"),
      );
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);

  return (
    <fieldset ref={fieldset} className={`space-y-2 ${error ? "border-l-4 border-red-700 pl-3" : ""}`}>
      <legend className="mb-1 font-semibold text-gray-900">Varmistus</legend>
      {mode === "widget" ? (
        <AltchaWidget key={challenge.token} id={id} error={error} />
      ) : (
        <Question challenge={challenge} id={id} error={error} hiddenWithJs={mode === "server"} />
      )}
    </fieldset>
  );
}

function Question({
  challenge,
  id,
  error,
  hiddenWithJs,
}: {
  challenge: BotCheckChallenge;
  id: string;
  error?: string;
  hiddenWithJs: boolean;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // A page that answers a sent form (it came back with errors) asks a new sum and clears the old
  // answer: say so, or the person wonders where their answer went (issue 31).
  const renewed = useActionData() !== undefined || Boolean(error);
  return (
    <div className={`space-y-1 ${hiddenWithJs ? "only-no-js" : ""}`}>
      {renewed ? (
        <p id={`${id}-renewed`} className="font-semibold text-gray-900">
          {botCheckMessages.renewed}
        </p>
      ) : null}
      <label htmlFor={id} className="block font-semibold text-gray-900">
        {challenge.question}
      </label>
      <p id={hintId} className="text-gray-700">
        Vastaa numeroilla. Näin varmistamme, että lomakkeen lähettää ihminen eikä kone.
      </p>
      <FieldError id={errorId}>{error}</FieldError>
      <input
        // A new question after every failed submission: the old answer must not stay in the box.
        key={challenge.token}
        id={id}
        name={BOT_CHECK_FIELDS.answer}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={2}
        aria-invalid={error ? true : undefined}
        aria-describedby={[renewed ? `${id}-renewed` : null, hintId, error ? errorId : null].filter(Boolean).join(" ")}
        className={
          "block min-h-target w-28 rounded-md border-2 bg-white px-3 py-2 text-base text-gray-900 " +
          "focus:border-brand-700 focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 " +
          `focus-visible:outline-amber-700 ${error ? "border-red-700" : "border-gray-600"}`
        }
      />
      <input type="hidden" name={BOT_CHECK_FIELDS.questionToken} value={challenge.token} />
    </div>
  );
}

/** A visible submit button of `form` (pressed, or the default one of Enter in a field). */
function isPressedButton(submitter: HTMLElement | null, form: HTMLFormElement): submitter is HTMLElement {
  return submitter !== null && !submitter.hidden && submitter.getAttribute("name") !== "__intent__" && form.contains(submitter);
}

/** The part of the widget element's API used here (altcha's WidgetMethods). */
type WidgetElement = HTMLElement & {
  getState?: () => string;
  verify?: () => Promise<unknown>;
};

function AltchaWidget({ id, error }: { id: string; error?: string }) {
  const ref = useRef<WidgetElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);

  // A form sent before the proof-of-work is done (an old phone, a quick hand) is held back and
  // sent by itself once the widget has its answer, instead of failing with "Tee varmistus".
  useEffect(() => {
    const widget = ref.current;
    const form = widget?.closest("form");
    if (!widget || !form) return;
    let pending: { submitter: HTMLElement | null } | null = null;

    const release = (send: boolean) => {
      if (!pending) return;
      const { submitter } = pending;
      pending = null;
      holdSubmitter(null);
      setWaiting(false);
      // After the widget has written its payload into the form's hidden field.
      if (send && submitter && form.contains(submitter)) setTimeout(() => form.requestSubmit(submitter), 0);
    };
    const onSubmit = (event: SubmitEvent) => {
      const state = widget.getState?.();
      if (state !== "verifying" && state !== "unverified") return;
      // Only a person's press is held. Conform validates a field on blur by submitting the form
      // with a hidden, temporary '__intent__' button: held, it would be sent as a booking once
      // the check is done.
      if (!isPressedButton(event.submitter, form)) return;
      // Stops the submission before Remix (React listens at the root) and the browser see it.
      event.preventDefault();
      event.stopPropagation();
      pending = { submitter: event.submitter };
      holdSubmitter(event.submitter);
      setWaiting(true);
      if (state === "unverified") void widget.verify?.();
    };
    const onStateChange = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state;
      if (state === "verified") release(true);
      // A failure is shown by the widget (and the timeout notice); the visitor presses again.
      else if (state === "error" || state === "expired") release(false);
    };
    form.addEventListener("submit", onSubmit);
    widget.addEventListener("statechange", onStateChange);
    // Loaded because the visitor stepped into the form: that focus came before the widget, which
    // starts by itself only on the next one, so start it now.
    const startTimer = setTimeout(() => {
      const focused = document.activeElement;
      if (focused && focused !== document.body && form.contains(focused) && widget.getState?.() === "unverified") {
        void widget.verify?.();
      }
    }, 0);
    return () => {
      clearTimeout(startTimer);
      form.removeEventListener("submit", onSubmit);
      widget.removeEventListener("statechange", onStateChange);
      if (pending) holdSubmitter(null);
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let startedAt = 0;
    const onStateChange = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state;
      if (state === "verifying") {
        startedAt = Date.now();
        setNotice(null);
      } else if (state === "error" && startedAt && Date.now() - startedAt >= BOT_CHECK_WIDGET_TIMEOUT_MS - 1000) {
        // The widget shows one general error; a timeout deserves its own advice.
        setNotice(botCheckMessages.timeout);
      } else if (state === "verified") {
        setNotice(null);
      }
    };
    element.addEventListener("statechange", onStateChange);
    return () => element.removeEventListener("statechange", onStateChange);
  }, []);

  const errorId = `${id}-error`;
  return (
    // The error summary's link lands here; the widget's own checkbox follows inside.
    <div id={id} tabIndex={-1} aria-describedby={error ? errorId : undefined} className="space-y-2 focus:outline-none">
      <FieldError id={errorId}>{error}</FieldError>
      {createElement("altcha-widget", {
        ref,
        challenge: ALTCHA_CHALLENGE_URL,
        name: BOT_CHECK_FIELDS.altcha,
        language: "fi",
        type: "checkbox",
        configuration: JSON.stringify(widgetConfiguration),
      })}
      {notice ? (
        <p role="alert" className="font-semibold text-red-800">
          {notice}
        </p>
      ) : null}
      <p role="status" className={waiting ? "font-semibold text-gray-900" : "sr-only"}>
        {waiting ? botCheckMessages.waiting : ""}
      </p>
    </div>
  );
}
