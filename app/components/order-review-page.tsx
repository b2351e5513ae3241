import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import Star from "lucide-react/dist/esm/icons/star.js";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, RadioCards, TextareaField, type FieldConstraints } from "~/components/forms";
import { linkClass } from "~/components/layout";
import { serverFormProps, useServerForm } from "~/components/server-form";
import { RATINGS } from "~/domain/order-reviews";
import { RATING_WORDS, ratingLabel, reviewTexts as t } from "~/messages/portal";

// The review page of a completed visit (issue 10 "Reviews"), in the portal and under the order's
// "Hallitse varausta" link (issue 28 item 6): the same page, form and rules; only the way back differs.

export interface OrderReviewView {
  orderNumber: string;
  serviceName: string;
  when: string;
  caregiverName: string | null;
  state: "open" | "given" | "cancelled" | "not_yet";
  review: { rating: number; comment: string | null } | null;
  constraint: FieldConstraints;
}

function Stars({ count }: { count: number }) {
  return (
    <span aria-hidden="true" className="inline-flex gap-0.5">
      {RATINGS.map((value) => (
        <Star key={value} className={`h-6 w-6 ${value <= count ? "fill-amber-500 text-amber-700" : "text-gray-500"}`} />
      ))}
    </span>
  );
}

const ratingOptions = [...RATINGS].reverse().map((value) => ({
  value: String(value),
  label: (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Stars count={value} />
      <span>
        {value} – {RATING_WORDS[value]}
      </span>
    </span>
  ),
}));

function ReviewForm({ constraint }: { constraint: FieldConstraints }) {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useServerForm({ id: "arvio", lastResult, constraint });
  return (
    <Form method="post" {...serverFormProps(form)} className="space-y-6 rounded-lg border-2 border-gray-200 bg-white p-4 sm:p-6">
      <ErrorSummary form={form} />
      <RadioCards meta={fields.rating} legend={t.ratingLegend} hint={t.ratingHint} options={ratingOptions} columns={1} />
      <TextareaField meta={fields.comment} label={t.commentLabel} hint={t.commentHint} rows={5} />
      <SubmitButton busyLabel={t.busy}>{t.submit}</SubmitButton>
    </Form>
  );
}

export function OrderReviewPage({ data, back }: { data: OrderReviewView; back: { to: string; label: string } }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-4xl font-bold text-brand-900">{t.title}</h1>
      <dl className="grid gap-x-4 gap-y-1 rounded-lg border-2 border-brand-100 bg-white p-4 sm:grid-cols-[max-content_1fr] sm:p-5">
        <dt className="font-semibold">Palvelu</dt>
        <dd>{data.serviceName}</dd>
        <dt className="font-semibold">Aika</dt>
        <dd>{data.when}</dd>
        <dt className="font-semibold">Kaveri</dt>
        <dd>{data.caregiverName ?? "Ei valittua kaveria"}</dd>
        <dt className="font-semibold">Tilausnumero</dt>
        <dd>{data.orderNumber}</dd>
      </dl>

      {data.state === "open" ? <ReviewForm constraint={data.constraint} /> : null}

      {data.state === "given" && data.review ? (
        <section aria-labelledby="antamasi-arvio" className="space-y-2 rounded-lg border-2 border-green-700 bg-white p-4 sm:p-5">
          <h2 id="antamasi-arvio" className="text-2xl font-bold text-gray-900">
            {t.yourRating}
          </h2>
          <p className="flex flex-wrap items-center gap-3 text-lg">
            <Stars count={data.review.rating} />
            <span className="font-semibold">{ratingLabel(data.review.rating)}</span>
          </p>
          {data.review.comment ? <p className="whitespace-pre-line break-words">{data.review.comment}</p> : null}
        </section>
      ) : null}

      {data.state === "cancelled" ? (
        <Alert type="info" title={t.cancelled} announce={false}>
          <p>{t.cancelledDetail}</p>
        </Alert>
      ) : null}

      {data.state === "not_yet" ? (
        <Alert type="info" title={t.notYet} announce={false}>
          <p>{t.notYetDetail}</p>
        </Alert>
      ) : null}

      <p>
        <Link to={back.to} className={`inline-flex min-h-target items-center ${linkClass}`}>
          {back.label}
        </Link>
      </p>
    </div>
  );
}
