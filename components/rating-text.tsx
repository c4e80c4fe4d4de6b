// A rating as the site writes it everywhere (engine/glicko2 displayRating): "1694", or
// "1694?" while provisional, with the range in the tooltip and the "?" said in words to
// screen readers.
import { isProvisional, ratingRange } from "@/engine/glicko2";

export function RatingText({ rating }: { rating: { rating: number; rd: number } }) {
  const provisional = isProvisional(rating);
  return (
    <span title={`${provisional ? "Provisional: too few rated games to be sure; " : ""}${ratingRange(rating)}`}>
      {Math.round(rating.rating)}
      {provisional ? (
        <>
          <span aria-hidden="true">?</span>
          <span className="sr-only"> (provisional)</span>
        </>
      ) : null}
    </span>
  );
}
