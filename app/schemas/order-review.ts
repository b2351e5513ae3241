import { RATINGS, REVIEW_COMMENT_MAX, type Rating } from "~/domain/order-reviews";
import { reviewTexts as t } from "~/messages/portal";
import { optionalText } from "./fields";
import { z } from "./zod";

// The customer's rating of a completed visit (issue 10 "Reviews"): one to five stars, a comment if
// they want to write one. Used by Conform in the browser and by the review page's action.

const RATING_VALUES = RATINGS.map(String) as [string, ...string[]];

export const OrderReviewSchema = z.object({
  rating: z.enum(RATING_VALUES, { error: t.ratingMissing }).transform((value) => Number(value) as Rating),
  comment: optionalText({ max: REVIEW_COMMENT_MAX, tooLong: t.commentTooLong }),
});
